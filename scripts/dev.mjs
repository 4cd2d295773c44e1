// `npm run dev`: the API with tsx watch on :3000 and Vite's dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@roundup/web'], { stdio: 'inherit' }),
];
const stop = (sig) => procs.forEach((p) => p.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const p of procs)
  p.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
