// The /class page: a shell that asks for the teacher token (or reads it from the address's #fragment, which
// no request carries, and then clears it from the address bar), then draws the live view and the token sheet
// from /class/api. Tokens and QR codes are hidden until the teacher asks, so the page can go on a projector;
// printing shows them, since a printed slip is the point. An empty icon: without one the browser asks for
// /favicon.ico, which the site does not have, and the teacher's console shows a 404.
import { bilingualMessages, type Lang } from '@memos-kit/terminal';
import pairs from './page.messages.json' with { type: 'json' };

const words = bilingualMessages(pairs);

const STYLE = `body{font:16px/1.45 system-ui,sans-serif;margin:1.5rem;color:#111}
nav button,form button{margin-right:.5rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
code{font:13px/1.4 ui-monospace,monospace;word-break:break-all}.err{color:#b00020}.ok{color:#06691f}
.slips{display:grid;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr));gap:1rem}
.slip{border:1px dashed #888;padding:.75rem;break-inside:avoid}.slip pre{white-space:pre-wrap;margin:.3rem 0}
.slip code{font-size:11px}.slip svg{width:9rem;height:9rem}
.masked .secret{filter:blur(6px)}.masked .slip svg{filter:blur(8px)}
@media print{nav,form,#live,.screen{display:none}.masked .secret,.masked .slip svg{filter:none}
#sheet{display:block!important}.slip{page-break-inside:avoid}}`;

// The server's refusals are in English, as the API's are; the two a teacher meets at the door (no token, a token
// that is not the teacher's) are said on the page in its own language, from the status.
const SCRIPT = `const say = JSON.parse(document.getElementById('words').textContent);
const key = 'class-teacher-token';
if (location.hash.length > 1) { sessionStorage.setItem(key, decodeURIComponent(location.hash.slice(1))); history.replaceState(null, '', location.pathname + location.search); }
const token = () => sessionStorage.getItem(key) || '';
const api = async (path, init = {}) => {
  const res = await fetch(path, { ...init, headers: { Authorization: 'Bearer ' + token() } });
  const body = await res.json();
  if (!res.ok) throw Object.assign(new Error(body.message || res.status), { status: res.status });
  return body;
};
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
const layer = { http: say.layerHttp, protocol: say.layerProtocol, tool: say.layerTool };
const status = document.getElementById('status');
async function drawLive() {
  const { students } = await api('/class/api/live');
  const rows = document.getElementById('rows'); rows.replaceChildren();
  for (const s of students) {
    const tr = el('tr'); tr.dataset.student = s.id;
    tr.append(el('td', s.id), el('td', s.refused ? s.requests + ' (429 × ' + s.refused + ')' : String(s.requests)));
    const cell = el('td');
    if (s.last.length === 0) cell.append(el('span', say.quiet));
    for (const r of s.last) {
      const line = el('div', [r.method, r.what, r.status ?? '…', r.error ? layer[r.error] : ''].filter(Boolean).join(' · '), r.error ? 'err' : 'ok');
      cell.append(line);
    }
    const reset = el('button', say.reset); reset.onclick = () => resetOne(s.id);
    const last = el('td'); last.append(reset);
    tr.append(cell, last); rows.append(tr);
  }
}
async function resetOne(id) { if (confirm(say.confirmReset.replace('{who}', id))) { await api('/class/api/students/' + id + '/reset', { method: 'POST' }); drawLive(); } }
async function drawSheet() {
  const { slips } = await api('/class/api/sheet');
  const box = document.getElementById('slips'); box.replaceChildren();
  for (const s of slips) {
    const slip = el('div', undefined, 'slip');
    slip.append(el('strong', s.id));
    const t = el('div'); t.append(el('span', 'token: '), el('code', s.token, 'secret')); slip.append(t);
    slip.append(el('div', say.address + ': ' + s.address));
    slip.append(el('div', say.firstCommands));
    for (const c of s.commands) { const pre = el('pre'); pre.append(el('code', c, 'secret')); slip.append(pre); }
    const qr = el('div'); qr.innerHTML = s.qr; slip.append(qr, el('small', say.scan));
    box.append(slip);
  }
}
async function start() {
  try { await drawLive(); status.textContent = ''; document.getElementById('panel').hidden = false; document.getElementById('login').hidden = true; }
  catch (e) { status.textContent = e.status === 401 ? say.noToken : e.status === 403 ? say.notTeacherToken : say.wrongToken.replace('{message}', e.message); return; }
  drawSheet();
  setInterval(() => drawLive().catch(() => {}), 2000);
}
document.getElementById('login').onsubmit = (event) => { event.preventDefault(); sessionStorage.setItem(key, document.getElementById('token').value.trim()); start(); };
document.getElementById('reveal').onclick = () => document.body.classList.toggle('masked');
document.getElementById('print').onclick = () => window.print();
document.getElementById('resetAll').onclick = async () => { if (confirm(say.confirmReset.replace('{who}', say.student + ' *'))) { await api('/class/api/reset', { method: 'POST' }); drawLive(); } };
document.getElementById('showLive').onclick = () => { document.getElementById('live').hidden = false; document.getElementById('sheet').hidden = true; };
document.getElementById('showSheet').onclick = () => { document.getElementById('live').hidden = true; document.getElementById('sheet').hidden = false; };
if (token()) start();`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function classPage(lang: Lang): string {
  const say = words.in(lang);
  const all = Object.fromEntries(Object.keys(pairs).map((key) => [key, say(key as keyof typeof pairs)]));
  const e = (key: keyof typeof pairs) => escapeHtml(say(key));
  // `<` escaped in the JSON, so no sentence can close the script element.
  const data = JSON.stringify(all).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${e('title')}</title><style>${STYLE}</style></head>
<body class="masked">
<p class="screen"><a href="?lang=${lang === 'zh' ? 'en' : 'zh'}">${e('language')}</a></p>
<h1>${e('title')}</h1>
<form id="login"><label>${e('tokenPrompt')} <input id="token" type="password" autocomplete="off"></label> <button>${e('open')}</button></form>
<p id="status" class="err"></p>
<div id="panel" hidden>
<nav><button id="showLive">${e('live')}</button><button id="showSheet">${e('sheet')}</button>
<button id="reveal">${e('reveal')}</button><button id="print">${e('print')}</button><button id="resetAll">${e('resetAll')}</button></nav>
<section id="live"><h2>${e('live')}</h2><table><thead><tr><th>${e('student')}</th><th>${e('requests')}</th><th>${e('lastRequests')}</th><th></th></tr></thead><tbody id="rows"></tbody></table></section>
<section id="sheet" hidden><h2 class="screen">${e('sheet')}</h2><div id="slips" class="slips"></div></section>
</div>
<script type="application/json" id="words">${data}</script>
<script type="module">${SCRIPT}</script>
</body></html>
`;
}
