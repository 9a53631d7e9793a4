// What a host is, as data: where it keeps its MCP servers (per scope and operating system), in which format,
// under which key, and the shape of one entry for each transport, with the pages that say so and the date or
// commit they were read at. The code that renders, writes and proves a configuration reads only this.
import type { Bilingual } from '@memos-kit/terminal';

export const OSES = ['mac', 'win', 'linux'] as const;
export type Os = (typeof OSES)[number];

export const SCOPES = ['user', 'project'] as const;
export type Scope = (typeof SCOPES)[number];

export const TRANSPORTS = ['stdio', 'http'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** JSONC: JSON with comments and trailing commas, as VS Code's own files and Gemini CLI's settings are read. */
export type Format = 'json' | 'jsonc' | 'yaml' | 'toml';

/**
 * One entry's shape. A string that is exactly a placeholder is replaced by the server's value:
 * `{{command}}` (a string), `{{args}}` (a list), `{{env}}` and `{{headers}}` (tables; a key whose table is
 * empty is left out), `{{url}}`, `{{name}}`.
 */
export type Template = { readonly [key: string]: TemplateValue };
type TemplateValue = string | number | boolean | readonly TemplateValue[] | Template;

/**
 * Where the servers sit in the file: a table under `key`, one member per server name (most hosts), or a
 * list under `key` whose items carry their `name` (Continue). A file that does not exist yet starts as
 * `skeleton` (Continue's block files need a name, a version and a schema).
 */
export type Container =
  | { kind: 'map'; key: readonly string[] }
  | { kind: 'list'; key: readonly string[]; skeleton?: Readonly<Record<string, string>> };

export interface FileSpec {
  format: Format;
  container: Container;
  /**
   * The user's file per operating system, `~` (the home folder), `%APPDATA%` or `%USERPROFILE%` at its start
   * (`$XDG_CONFIG_HOME` on Linux, else `~/.config`); for the project scope a path inside the project, with `/`.
   * `{name}` is the server's name. An OS left out, or no path at all, means the host keeps no file there:
   * the configuration is pasted or imported in its window, and `manual` says where.
   */
  path?: Partial<Record<Os, string>> | string;
  manual?: Bilingual;
}

export interface DocPage {
  url: string;
  /** What was read: a commit of the host's repository, or the date the page was read. */
  read: string;
}

export interface HostSpec {
  id: string;
  name: string;
  /** One line on where the host keeps its servers and what is special about it. */
  summary: Bilingual;
  /**
   * What to do once the configuration is in place: reload, trust, where to see the tools. `{name}` stands for
   * the entry's name (memos, lab-bearer-auth, --name), which is what the host shows.
   */
  after: Bilingual;
  /** When one program has two entries here (VS Code), one sentence on when to pick this one. */
  pick?: Bilingual;
  docs: readonly DocPage[];
  scopes: Partial<Record<Scope, FileSpec>>;
  entry: { stdio: Template; http: Template | { unsupported: Bilingual } };
  /** The host refuses a command with a space in it (Trae's documentation). */
  commandWithoutSpaces?: true;
  /** A link that installs the printed document: `{base64}` is its JSON, base64 then URL encoded. */
  installLink?: string;
  /**
   * The entry the install link carries, where the app takes it in its own shape rather than the import
   * dialog's (Cherry Studio's link hands the object to the app as its MCPServer, whose URL is `baseUrl`).
   */
  installEntry?: Partial<Record<Transport, Template>>;
  /** What this entry relies on that no primary source confirmed. */
  unverified: readonly Bilingual[];
}
