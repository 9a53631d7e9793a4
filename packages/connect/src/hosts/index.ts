// Every host `pnpm connect` knows, in the order `--list` shows them.

import { cherryStudio } from './cherry-studio.ts';
import { claudeCode } from './claude-code.ts';
import { claudeDesktop } from './claude-desktop.ts';
import { cline } from './cline.ts';
import { codex } from './codex.ts';
import { continueDev } from './continue.ts';
import { cursor } from './cursor.ts';
import { geminiCli } from './gemini-cli.ts';
import { trae } from './trae.ts';
import type { HostSpec } from './types.ts';
import { vscode, vscodeLocal } from './vscode.ts';
import { windsurf } from './windsurf.ts';

export const HOSTS: readonly HostSpec[] = [
  vscode,
  vscodeLocal,
  cursor,
  claudeCode,
  claudeDesktop,
  windsurf,
  cline,
  continueDev,
  geminiCli,
  codex,
  cherryStudio,
  trae,
];

export function findHost(id: string): HostSpec | undefined {
  return HOSTS.find((host) => host.id === id);
}
