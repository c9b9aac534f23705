// The UI's only way to the server: the public API, with the bearer token of the signed-in user.
// A 401 on any call means the session ended (expired or revoked): the app returns to sign-in.
const KEY = 'invoices.session';

export const session = {
  get() {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw);
    return Date.now() < s.expiresAt ? s : null;
  },
  set(token, expiresIn, email) {
    sessionStorage.setItem(KEY, JSON.stringify({ token, email, expiresAt: Date.now() + expiresIn * 1000 }));
  },
  clear() { sessionStorage.removeItem(KEY); },
};

/** Sign-out revokes the token on the server, then forgets it here (even when the server cannot be reached). */
export async function signOut() {
  const s = session.get();
  if (s) await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${s.token}` } }).catch(() => {});
  session.clear();
}

let onExpired = () => {};
export function whenSessionExpires(fn) { onExpired = fn; }

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

export async function api(method, path, body, { raw = false } = {}) {
  const s = session.get();
  const headers = {};
  if (s) headers.authorization = `Bearer ${s.token}`;
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined || body instanceof FormData ? body : JSON.stringify(body) });
  if (res.status === 401 && s) {
    session.clear();
    onExpired();
  }
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  if (raw) return res;
  return res.status === 204 ? null : res.json();
}

/** Downloads a file the API serves behind the bearer token (a plain link cannot send it). */
export async function downloadFile(path, fileName) {
  const res = await api('GET', path, undefined, { raw: true });
  const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(await res.blob()), download: fileName });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function upload(dossierId, file, onProgress) {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('dossier_id', dossierId);
    form.set('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/invoices');
    const s = session.get();
    if (s) xhr.setRequestHeader('authorization', `Bearer ${s.token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status === 401) { session.clear(); onExpired(); }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, { detail: 'network error' }));
    xhr.send(form);
  });
}
