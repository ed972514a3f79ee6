// `npm run dev`: the API server and the web app, both reloading on change.
import { spawn } from 'node:child_process';

const processes = [
  ['server', ['run', 'dev', '-w', '@marquee/server']],
  ['web', ['run', 'dev', '-w', '@marquee/web']],
].map(([name, args]) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout.on('data', (chunk) => console.log(prefix(chunk)));
  child.stderr.on('data', (chunk) => console.error(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    for (const other of processes) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  return child;
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => processes.forEach((child) => child.kill(signal)));
}
