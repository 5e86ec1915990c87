// npm start: build what is missing or older than its sources (the shared package, the simulator and
// the server compiled to JavaScript, and the web app; build.mjs), then run the compiled server in
// this process (so SIGINT/SIGTERM reach it directly). The server migrates the database itself.
import { buildStale, SERVER_PARTS } from './build.mjs';

// WEB_DIST names a web app built elsewhere: this checkout's is then neither needed nor built.
await buildStale(process.env.WEB_DIST ? SERVER_PARTS : [...SERVER_PARTS, 'web']);
await import('../apps/server/dist/main.js');
