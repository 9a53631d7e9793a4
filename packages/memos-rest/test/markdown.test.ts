import { describe, expect, it } from 'vitest';
import { type DerivedContent, deriveContent, type MemoProperty } from '../src/markdown.ts';
import { MemoStore } from '../src/store.ts';

const NO_PROPERTY: MemoProperty = {
  hasLink: false,
  hasTaskList: false,
  hasCode: false,
  hasIncompleteTasks: false,
  title: '',
};

type Expected = { tags: string[] } & Partial<MemoProperty>;

function payload(content: string): Omit<DerivedContent, 'snippet'> {
  const { tags, property } = deriveContent(content);
  return { tags, property };
}

const expected = ({ tags, ...property }: Expected) => ({ tags, property: { ...NO_PROPERTY, ...property } });

// What Memos v0.30.0's markdown service returns for each content: ExtractAll in internal/markdown/markdown.go,
// with the tag and mention extensions as server/router/api/v1/v1.go sets it up, run on these contents with
// goldmark v1.8.2 (go.mod). Each line is a rule of goldmark or of Memos' tag parser
// (internal/markdown/parser/tag.go) that a line-by-line reading gets wrong, or easily could.
describe("derived as Memos' markdown service derives it", () => {
  it.each<[string, Expected]>([
    ['#work and #urgent, #work again', { tags: ['work', 'urgent'] }],
    ['a#b and c##d', { tags: ['b', 'd'] }],
    ['\\#not-a-tag #tag', { tags: ['tag'] }],
    ['&#35;35 &amp; #x&amp;y', { tags: ['35', 'x&amp'] }],
    [
      '[#in-link](https://x.com) ![#in-image](https://x.com/i.png) #outside',
      { tags: ['outside'], hasLink: true },
    ],
    ['`#in-code` #after-code', { tags: ['after-code'], hasCode: true }],
    ['```\n#in-fence\n```\n#after-fence', { tags: ['after-fence'], hasCode: true }],
    ['    #in-indented-code\n\n#after-indent', { tags: ['after-indent'], hasCode: true }],
    [
      '#book/tech #标签 #a_b-c&d #🙂\u200d👍 #Ⅻ #x$y+z',
      { tags: ['book/tech', '标签', 'a_b-c&d', '🙂\u200d👍', 'Ⅻ', 'x$y+z'] },
    ],
    ["#x.y #x,y #x'y #x(y) #x\u200cy", { tags: ['x'] }],
    ['C# and a lone # and # heading-like', { tags: [] }],
    ['# Heading #in-heading\n\n## Sub #in-sub', { tags: ['in-heading', 'in-sub'], title: 'Heading ' }],
    ['| a | b |\n|---|---|\n| #in-cell | `x` |', { tags: ['in-cell'], hasCode: true }],
    ['~~#struck~~ <span>#inl</span>', { tags: ['struck~~', 'inl</span>'] }],
    ['see https://example.com/page#frag and www.example.com/#w', { tags: [] }],
    ['参考：https://example.com/#intro', { tags: ['intro'] }],
    ['<https://example.com/#angle>', { tags: [] }],
    [`#${'a'.repeat(105)}`, { tags: ['a'.repeat(100)] }],
    ['#Work #work #WORK', { tags: ['Work', 'work', 'WORK'] }],
    ['- [ ] todo', { tags: [], hasTaskList: true, hasIncompleteTasks: true }],
    ['- [x] done', { tags: [], hasTaskList: true }],
    ['- [ ]', { tags: [], hasTaskList: true, hasIncompleteTasks: true }],
    ['- [x]done', { tags: [], hasTaskList: true }],
    ['1. [ ] numbered', { tags: [], hasTaskList: true, hasIncompleteTasks: true }],
    ['- a\n- [ ] second item', { tags: [], hasTaskList: true, hasIncompleteTasks: true }],
    ['- `x` [ ] not first', { tags: [], hasCode: true }],
    ['- > [ ] quoted', { tags: [] }],
    ['- para\n\n  [ ] second paragraph', { tags: [] }],
    ['- # [ ] heading', { tags: [], hasTaskList: true, hasIncompleteTasks: true }],
    ['- [ ](https://x.com) box then parens', { tags: [], hasTaskList: true, hasIncompleteTasks: true }],
    ['[ ] not in a list', { tags: [] }],
    ['see [docs](https://x.com)', { tags: [], hasLink: true }],
    ['[ref] and more\n\n[ref]: https://x.com', { tags: [], hasLink: true }],
    ['bare https://example.com and <https://example.com>', { tags: [] }],
    ['![image](https://x.com/i.png)', { tags: [] }],
    ['use `pnpm`', { tags: [], hasCode: true }],
    ['    indented code', { tags: [], hasCode: true }],
    ['```\n```', { tags: [], hasCode: true }],
    ['<div>\n`not code` #nor-tag\n</div>', { tags: [] }],
    ['# Title\n\nbody', { tags: [], title: 'Title' }],
    ['Title\n=====\n\nbody', { tags: [], title: 'Title' }],
    ['## Second level', { tags: [] }],
    ['body\n\n# Not first', { tags: [] }],
    ['[ref]: https://x.com\n# After a definition', { tags: [] }],
    ['  # Indented title', { tags: [], title: 'Indented title' }],
    [
      '# Hello *world* `code` [link](u) <b>x</b> \\# &amp; https://x.com end',
      { tags: [], hasLink: true, hasCode: true, title: 'Hello world code link x \\# &amp;  end' },
    ],
    ['# Title #tag', { tags: ['tag'], title: 'Title ' }],
    ['# Title ##', { tags: [], title: 'Title' }],
    ['> # Quoted', { tags: [] }],
  ])('%j', (content, want) => {
    expect(payload(content)).toEqual(expected(want));
  });
});

// Memos' demo seed, store/seed/sqlite/01__dump.sql at v0.30.0 (commit 2036c1ffc1b0a1e1fa6a473738c2a5ef520df67f):
// the memos whose Markdown has more than text and one tag, contents as the SQL's replace(..., '\n', char(10))
// gives them. The seed writes each memo's payload by hand, and Memos serves it as written (v0.30.0 never
// derives a stored payload again: memopayload's RunOnce has no caller). Every tag and flag below is the seed's,
// except hasCode on the three memos marked: the seed leaves it out, but a code span sets it in the markdown
// service (gast.KindCodeSpan), so the same memo created or edited through the API has it. A dataset can state a
// payload as Memos stored it (see datasets.test.ts). The titles, which the seed does not store, are the
// service's.
const SEED: { uid: string; content: string; tags: string[]; property: Partial<MemoProperty> }[] = [
  {
    uid: 'welcome0000001',
    content:
      "# Welcome to Memos 👋\n\nHi, I'm Steven — I build Memos. You've found the public demo: a real, living instance where you can poke at every feature before self-hosting your own.\n\nMemos is an open-source, self-hosted home for short-form thoughts. Capture quickly, organize lightly, own everything.\n\n> Most apps treat notes like documents. Memos treats them like thoughts — small, timestamped, searchable.\n\n## Make yourself at home\n\n- [ ] Scroll this Explore feed — everything here was written with Memos\n- [ ] React to a memo you like (🎉 works great on this one)\n- [ ] **Sign in** (top right) — SSO takes ten seconds and gives you your own space\n- [ ] Write your first memo. One sentence is plenty. That's the point.\n- [ ] Like it? Star [the repo](https://github.com/usememos/memos) ⭐\n\n🔒 *Psst — a few memos on this instance are hidden until you sign in. Members only.*\n\n## What Memos can do\n\n| Feature | Where to see it |\n|---------|-----------------|\n| **Markdown** | Everywhere — tables, `code`, task lists, quotes |\n| **Tags** | `#dev/git` — nested tags grow a tree in the sidebar |\n| **Comments & reactions** | Right under this memo 👇 |\n| **Memo references** | Alice's weekly review links back to her week |\n| **Attachments** | Ben's golden-hour art from the coastal trail |\n| **Locations** | Look for the 📍 pins |\n| **Visibility** | Public, protected, or private — chosen per memo |\n\n## Take it home\n\n```bash\ndocker run -d -p 5230:5230 -v ~/.memos:/var/opt/memos neosmemo/memos:stable\n```\n\nYour data lives in one SQLite file, on your machine. #welcome #getting-started",
    tags: ['welcome', 'getting-started'],
    property: {
      hasLink: true,
      hasTaskList: true,
      hasCode: true,
      hasIncompleteTasks: true,
      title: 'Welcome to Memos 👋',
    },
  },
  {
    uid: 'sponsors000001',
    content:
      'Memos is free and open source, kept independent by its sponsors — no ads, no telemetry, no paywalls. 🙏 If you build with Memos, please consider supporting them in return.\n\n## ⭐ Sponsors\n\n<a href="https://coderabbit.link/usememos" target="_blank" rel="noopener"><img src="https://victorious-bubble-f69a016683.media.strapiapp.com/Orange_Typemark_43bf516c9d.svg" alt="CodeRabbit" height="44" /></a>\n\nCut code review time & bugs in half, instantly. [coderabbit.link/usememos →](https://coderabbit.link/usememos)\n\n---\n\n**SSD Nodes** — Affordable VPS hosting for self-hosters. [ssdnodes.com →](https://ssdnodes.com/?utm_source=memos&utm_medium=sponsor)\n\n---\n\nWant to see your company here? Reach out via [GitHub Sponsors](https://github.com/sponsors/usememos).\n\n#sponsors',
    tags: ['sponsors'],
    property: { hasLink: true },
  },
  {
    uid: 'webclipper0001',
    content:
      "# ✂️ Memos Web Clipper for Chrome\n\nThe ***official*** Memos Web Clipper turns the page you're reading into a source-linked memo in under five seconds.\n\n[Add Memos Web Clipper to Chrome →](https://chromewebstore.google.com/detail/memos-web-clipper/nebaoebnljalfegiidibihhkebeiklbl)\n\n| Capture from Chrome | What lands in Memos |\n|---------------------|---------------------|\n| Current page | Title, summary, and source link |\n| Text selection | Quoted excerpt with its source |\n| Selected image | A real attachment on your instance |\n\nEdit the generated memo, choose its visibility, or customize the template and default tags before saving.\n\n### Private by design\n\nThe clipper sends captured content only to the self-hosted Memos instance you connect — and only when you save. No analytics, third-party servers, or tracking. #memos/extensions",
    tags: ['memos/extensions'],
    property: { hasLink: true, title: '✂️ Memos Web Clipper for Chrome' },
  },
  {
    uid: 'goldenhour0001',
    content:
      "Golden hour on the coastal trail tonight. The camera couldn't hold the colors, so here's my minimal-art rendition instead 🎨 #travel/hikes",
    tags: ['travel/hikes'],
    property: {},
  },
  {
    uid: 'tagtipmemo0001',
    content:
      'Tip: tags are just typed inline — `#like/this` — and nested ones grow a tree in the sidebar. No setup, no tag manager. #getting-started',
    tags: ['getting-started'],
    // The seed stores no hasCode for this memo; its inline code span sets it (see above).
    property: { hasCode: true },
  },
  {
    uid: 'alicetilgit001',
    content:
      'TIL you can diff a single file between branches — no checkout, no stash dance:\n\n```bash\ngit diff main..feature -- path/to/file.go\n```\n\n#dev/til #dev/git',
    tags: ['dev/til', 'dev/git'],
    property: { hasCode: true },
  },
  {
    uid: 'alicebookmark1',
    content:
      'Weekend read, bookmarking before I lose it: [SQLite: 35% faster than the filesystem](https://sqlite.org/fasterthanfs.html) — makes me feel better about my entire digital life being one .db file 😄 #dev/reading',
    tags: ['dev/reading'],
    property: { hasLink: true },
  },
  {
    uid: 'zoeramen000001',
    content:
      "## 🍜 Midnight miso ramen (15 minutes)\n\nFor nights when the book was too good to stop reading.\n\n- [x] Dashi or veg stock, 500ml\n- [x] Miso paste, 2 big spoons\n- [x] Noodles, one nest\n- [x] Soft egg — 6½ minutes, exactly\n- [ ] Scallions (always forget the scallions)\n\nSteep the miso, don't boil it. That's the whole secret. #cooking",
    tags: ['cooking'],
    property: { hasTaskList: true, hasIncompleteTasks: true },
  },
  {
    uid: 'rendertest0001',
    content:
      '## 🧪 Markdown rendering check #memos/dev\n\nA quick smoke test I open after releases:\n\n**Bold**, *italic*, ~~strikethrough~~, `inline code`, and a [docs link](https://www.usememos.com/docs).\n\n> Simple notes should render beautifully.\n\n```go\nfmt.Println("syntax highlighting ✓")\n```\n\n| Check | Status |\n|-------|--------|\n| Text styles | ✅ |\n| Code blocks | ✅ |\n| Tables | ✅ |\n\n- [x] Check desktop\n- [x] Check mobile\n- [ ] Ship the next release',
    tags: ['memos/dev'],
    property: { hasLink: true, hasTaskList: true, hasCode: true, hasIncompleteTasks: true },
  },
  {
    uid: 'zoemovies00001',
    content:
      "## 🎬 Movie catch-up #movies\n\nWorking through films I've been meaning to watch for, uh, years.\n\n| Movie | Status | Rating |\n|-------|--------|--------|\n| The Grand Budapest Hotel | ✅ Watched | ⭐⭐⭐⭐⭐ |\n| Spirited Away | ✅ Watched | ⭐⭐⭐⭐⭐ |\n| Everything Everywhere All at Once | ✅ Watched | ⭐⭐⭐⭐⭐ |\n| Dune: Part Two | 📅 This weekend | — |\n| Oppenheimer | 📋 Queued | — |\n\n**Spirited Away**: cried twice, no regrets. **Everything Everywhere**: went in cold, did not expect the bagel.\n\nNext month: full Miyazaki marathon 🎨 Taking suggestions for where to start.",
    tags: ['movies'],
    property: {},
  },
  {
    uid: 'benbucketlist1',
    content:
      "## 🌍 My travel bucket list #travel/bucketlist\n\n> Writing this from a tiny café near the Seine. Will keep updating after each trip. 📍\n\n### Been\n- [x] Paris, France — the croissants ruined every croissant after\n- [x] Shanghai, China — modern skyline next to thousand-year-old temples, somehow it works\n- [x] Grand Canyon, USA — photos do not do it justice, and I say that professionally\n- [x] Barcelona, Spain — Gaudí's buildings look grown, not built\n\n### Next\n- [ ] Northern Lights in Iceland — booking for winter, *finally*\n- [ ] Safari in Tanzania\n- [ ] Great Barrier Reef, before it gets worse\n- [ ] New Zealand road trip — south island, two weeks minimum",
    tags: ['travel/bucketlist'],
    property: { hasTaskList: true, hasIncompleteTasks: true },
  },
  {
    uid: 'alicegitcheat1',
    content:
      '## ⚡ Git commands I keep forgetting #dev/git #dev/cheatsheet\n\nWriting these down so I stop googling the same things every week.\n\n```bash\n# Show the last commit in detail\ngit show --stat HEAD\n\n# Undo the last commit, keep changes staged\ngit reset --soft HEAD~1\n\n# Stash including untracked files\ngit stash push -u -m "wip: before refactor"\n\n# Find which commit introduced a string\ngit log -S "function_name" --source --all\n```\n\nThe `-S` one is gold for archaeology — way better than scrolling blame.',
    tags: ['dev/git', 'dev/cheatsheet'],
    property: { hasCode: true },
  },
  {
    uid: 'cmtgitcheat001',
    content: 'Saving the `git log -S` one. Code archaeology mode unlocked 🔥',
    tags: [],
    // The seed stores no hasCode for this memo; its inline code span sets it (see above).
    property: { hasCode: true },
  },
  {
    uid: 'cmtgitcheat002',
    content:
      'Also try `git log -p -- path/to/file` when you want the actual content changes for one file. Same archaeology vibe.',
    tags: [],
    // The seed stores no hasCode for this memo; its inline code span sets it (see above).
    property: { hasCode: true },
  },
  {
    uid: 'cmtrendertest1',
    content: 'The fact that the public demo doubles as your CI is very on brand, @steven 😄',
    tags: [],
    property: {},
  },
];

describe("Memos' seed data", () => {
  it.each(SEED)('$uid', ({ content, tags, property }) => {
    expect(payload(content)).toEqual(expected({ tags, ...property }));
  });
});

describe('when the store derives', () => {
  it('works out tags and property the first time one is read, then keeps them', () => {
    const store = MemoStore.fromDataset({ users: [{ username: 'u' }] });
    const creatorId = store.userByUsername('u')?.id ?? 0;
    const memo = store.insertMemo({ uid: 'm', creatorId, content: '- [ ] ship #work', visibility: 'PUBLIC' });
    expect(Object.getOwnPropertyDescriptor(memo, 'tags')?.get).toBeTypeOf('function');
    expect(memo.tags).toEqual(['work']);
    expect(Object.getOwnPropertyDescriptor(memo, 'tags')).toMatchObject({ value: ['work'], writable: true });
    expect(memo.property).toMatchObject({ hasTaskList: true, hasIncompleteTasks: true });
    store.setMemoContent(memo, '`code` #again');
    expect(memo.tags).toEqual(['again']);
    expect(memo.property).toMatchObject({ hasTaskList: false, hasCode: true });
  });
});
