import { spawn } from 'node:child_process';

export interface NodeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>` with this Node binary and collects what it prints. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
