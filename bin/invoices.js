#!/usr/bin/env node
// The `invoices` command. Runs on the Node 24 pinned in package.json (npx and npm scripts put it first on PATH).
import '../src/cli/main.ts';
