// /class and /class/api: the teacher's side. The page itself holds no secret (it asks for the teacher's
// token and keeps it in the tab); every answer under /class/api needs that token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClassAccounts } from './accounts.ts';
import { json, refuse } from './answers.ts';
import type { Limits } from './limits.ts';
import type { LiveRecorder } from './live.ts';
import { classPage } from './page.ts';
import { type Slip, slipFor } from './slips.ts';
import type { World } from './world.ts';

export interface TeacherApiOptions {
  accounts: ClassAccounts;
  worlds: ReadonlyMap<string, World>;
  live: LiveRecorder;
  reset(id?: string): Promise<string[]>;
  limits: Limits;
  dataset: string;
}

/** The address students type: what the request came to (the Host header the guard already let through). */
const baseOf = (req: IncomingMessage) => `http://${req.headers.host ?? '127.0.0.1'}`;

export function teacherApi(options: TeacherApiOptions) {
  const { accounts, worlds, live } = options;
  const ids = accounts.students.map((account) => account.id);
  const slips = new Map<string, Promise<Slip[]>>();
  return (req: IncomingMessage, res: ServerResponse, path: string, token: string | undefined) => {
    if (path === '/class' || path === '/class/') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method Not Allowed');
      const lang = /[?&]lang=en\b/.test(req.url ?? '') ? 'en' : 'zh';
      const body = classPage(lang);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(body);
      return;
    }
    if (token === undefined)
      return refuse(
        res,
        401,
        'Unauthorized: /class/api needs the teacher token as "Authorization: Bearer <token>"',
      );
    if (token !== accounts.teacher.token)
      return refuse(res, 403, 'Forbidden: only the teacher token opens /class/api');
    const student = /^\/class\/api\/students\/([a-z0-9]+)(\/[a-z]+)?$/.exec(path);
    if (req.method === 'POST' && path === '/class/api/reset')
      return void options.reset().then((reset) => json(res, 200, { reset }));
    if (req.method === 'POST' && student?.[2] === '/reset') {
      if (!worlds.has(student[1] ?? '') || student[1] === 'teacher')
        return refuse(res, 404, `Not Found: no student ${student[1]}`);
      return void options.reset(student[1]).then((reset) => json(res, 200, { reset }));
    }
    if (req.method !== 'GET') return refuse(res, 405, 'Method Not Allowed');
    if (path === '/class/api/live') return json(res, 200, { students: live.activity(ids) });
    if (path === '/class/api/sheet') {
      const base = baseOf(req);
      let made = slips.get(base);
      if (!made) {
        made = Promise.all(accounts.students.map((account) => slipFor(account, base)));
        slips.set(base, made);
      }
      return void made.then((all) =>
        json(res, 200, { address: base, dataset: options.dataset, limits: options.limits, slips: all }),
      );
    }
    if (path === '/class/api/students')
      return json(res, 200, {
        students: ids.map((id) => {
          const memos = worlds.get(id)?.adapter.store?.memos ?? [];
          return {
            id,
            memos: memos.length,
            private: memos.filter((memo) => memo.visibility === 'PRIVATE').length,
          };
        }),
      });
    if (student && student[2] === '/memos') {
      const store = worlds.get(student[1] ?? '')?.adapter.store;
      if (!store || student[1] === 'teacher') return refuse(res, 404, `Not Found: no student ${student[1]}`);
      return json(res, 200, {
        id: student[1],
        memos: store.memos.map((memo) => ({
          name: `memos/${memo.uid}`,
          creator: memo.creator,
          visibility: memo.visibility,
          state: memo.state,
          content: memo.content,
        })),
      });
    }
    return refuse(res, 404, `Not Found: ${req.method} ${path}`);
  };
}
