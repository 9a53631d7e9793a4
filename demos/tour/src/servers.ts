import { type Pace, startServer } from '@memos-kit/memos-mcp';
import { startEntry } from '@memos-kit/process';
import { replayEntry } from '@memos-kit/recording/entries';
import { type StdioSession, startStdioSession } from './stdio-client.ts';

export interface RunningServer {
  url: string;
  dataset: string;
}

export interface ResourceEvents {
  onServer?(server: RunningServer): void;
  onStdio?(session: { pid: number }): void;
}

/** What a step needs: a server per dataset and the stdio child. */
export interface ResourcePool {
  server(dataset: string): Promise<RunningServer>;
  stdio(dataset: string): Promise<StdioSession>;
}

/**
 * Everything the tour starts, started on first use and then reused, so the tour runs one server per dataset
 * and one stdio child at most, and can stop all of them from one place (normal end, q, Ctrl-C).
 */
export class Resources implements ResourcePool {
  readonly #pace: Pace;
  readonly #events: ResourceEvents;
  readonly #servers = new Map<string, Promise<{ url: string; close(): Promise<void> }>>();
  /** Kept apart from the ready one, so Ctrl-C during start-up can still stop the child. */
  #stdio: Promise<StdioSession> | undefined;
  #stdioReady: Promise<StdioSession> | undefined;
  #closed = false;

  readonly #replay: string | undefined;

  /**
   * `pace` is the server's: `article` plays section 8.2's 1 s / 3 s, `off` answers at once. With `replay`
   * (a recording), `pnpm replay` serves every dataset's requests over HTTP and the stdio step's line.
   */
  constructor(pace: Pace, events: ResourceEvents = {}, replay?: string) {
    this.#pace = pace;
    this.#events = events;
    this.#replay = replay;
  }

  /** The replay's pace follows the tour's: the recorded spacing, or none. */
  #replayArgs(): string[] {
    return [
      this.#replay ?? '',
      '--pace',
      this.#pace === 'off' ? 'fast' : 'recorded',
      '--no-color',
      '--lang',
      'en',
    ];
  }

  /** One replay server answers for every dataset: the recording holds what each one said. */
  #startReplay(): Promise<{ url: string; close(): Promise<void> }> {
    const entry = startEntry(replayEntry, { args: [...this.#replayArgs(), '--port', '0'] });
    return entry.waitFor(/http:\/\/127\.0\.0\.1:\d+/).then(
      (text) => ({
        url: /http:\/\/127\.0\.0\.1:\d+/.exec(text)?.[0] ?? '',
        close: async () => void (await entry.stop()),
      }),
      async (error: unknown) => {
        await entry.stop();
        throw error;
      },
    );
  }

  server(dataset: string): Promise<RunningServer> {
    if (this.#closed) return Promise.reject(new Error('the tour is shutting down'));
    let pending = this.#servers.get(dataset);
    if (!pending) {
      const replaying = this.#replay === undefined ? undefined : this.#servers.values().next().value;
      const starting =
        this.#replay === undefined
          ? startServer({
              host: '127.0.0.1',
              port: 0,
              dataset,
              pace: this.#pace,
              // The tour replays the article, whose adapter words a REST failure as the message alone (id 5).
              errorText: 'article',
            })
          : (replaying ?? this.#startReplay());
      starting.then(
        (s) => this.#events.onServer?.({ url: s.url, dataset }),
        () => {},
      );
      this.#servers.set(dataset, starting);
      pending = starting;
    }
    return pending.then((s) => ({ url: s.url, dataset }));
  }

  /** The stdio child serves one dataset; the first step that needs it chooses which. */
  stdio(dataset: string): Promise<StdioSession> {
    if (this.#closed) return Promise.reject(new Error('the tour is shutting down'));
    if (!this.#stdio) {
      const starting =
        this.#replay === undefined
          ? startStdioSession(['--dataset', dataset])
          : startStdioSession([...this.#replayArgs(), '--transport', 'stdio'], replayEntry);
      this.#stdio = starting;
      this.#stdioReady = starting.then(async (session) => {
        await session.ready;
        this.#events.onStdio?.({ pid: session.pid });
        return session;
      });
    }
    return this.#stdioReady ?? this.#stdio;
  }

  /** Stops everything that was started; safe to call more than once. */
  async close(): Promise<void> {
    this.#closed = true;
    const closing: Promise<unknown>[] = [];
    for (const pending of this.#servers.values()) closing.push(pending.then((s) => s.close()));
    if (this.#stdio) closing.push(this.#stdio.then((s) => s.close()));
    this.#servers.clear();
    this.#stdio = undefined;
    this.#stdioReady = undefined;
    await Promise.allSettled(closing);
  }
}
