#!/usr/bin/env node
// The `invoices` command. Runs on the Node 24 pinned in package.json (npx and npm scripts put it first on PATH).
//
// glibc's malloc, left to its defaults, keeps freed memory from OCR worker threads, libvips and page
// images scattered over many arenas and heaps, and the process keeps growing. Two arenas and a fixed
// mmap threshold (src/config/malloc.ts) bring 250 files from 684 to 499 MB (docs/benchmarks.md).
// glibc reads them only when a process starts, so on Linux the command starts itself once more with
// them, and this process relays signals to it (src/relay.ts).
import { relayWithMallocSettings } from '../src/relay.ts';

// The integrators' commands only talk HTTP to a running service: they run here, with no second process.
const HTTP_CLIENT_COMMANDS = ['login', 'dossiers', 'import', 'list', 'show', 'export'];

if (HTTP_CLIENT_COMMANDS.includes(process.argv[2] ?? '') || !relayWithMallocSettings()) await import('../src/cli/main.ts');
