/** The class's language first: every command speaks Chinese unless told `--lang en` or `KIT_LANG=en`. */
export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** One environment variable sets the language for a whole session (every command, every demo). */
export const LANG_ENV = 'KIT_LANG';

export interface Bilingual {
  zh: string;
  en: string;
}

export function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}

/** `KIT_LANG` when it names a language the kit speaks, otherwise Chinese. */
export function defaultLang(env: NodeJS.ProcessEnv = process.env): Lang {
  const wanted = env[LANG_ENV];
  return isLang(wanted) ? wanted : 'zh';
}

export type Vars = Record<string, string | number>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a missing value is noticed. */
export function fill(template: string, vars: Vars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export type Catalog<K extends string> = Readonly<Record<K, string>>;

export interface Messages<K extends string> {
  readonly catalogs: { readonly zh: Catalog<K>; readonly en: Catalog<K> };
  t(lang: Lang, key: K, vars?: Vars): string;
  /** The same messages bound to one language. */
  in(lang: Lang): (key: K, vars?: Vars) => string;
}

/**
 * One catalog per language with the same keys; the English one is typed from the Chinese one, so a key
 * missing in either is a type error, and `catalogProblems` finds what types cannot (placeholders that differ).
 */
export function createMessages<K extends string>(catalogs: {
  zh: Catalog<K>;
  en: NoInfer<Catalog<K>>;
}): Messages<K> {
  const t = (lang: Lang, key: K, vars?: Vars) => fill(catalogs[lang][key], vars);
  return { catalogs, t, in: (lang) => (key, vars) => t(lang, key, vars) };
}

/** The same as `createMessages`, from `{ key: { zh, en } }` pairs, for catalogs that read best side by side. */
export function bilingualMessages<K extends string>(pairs: Readonly<Record<K, Bilingual>>): Messages<K> {
  const zh = {} as Record<K, string>;
  const en = {} as Record<K, string>;
  for (const key of Object.keys(pairs) as K[]) {
    zh[key] = pairs[key].zh;
    en[key] = pairs[key].en;
  }
  return createMessages<K>({ zh, en });
}

/**
 * What a catalog test should find empty: keys present in one language only, empty texts, and
 * placeholders (`{count}`) that one language uses and the other does not.
 */
export function catalogProblems(catalogs: {
  zh: Record<string, string>;
  en: Record<string, string>;
}): string[] {
  const problems: string[] = [];
  const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort().join(' ');
  const keys = new Set([...Object.keys(catalogs.zh), ...Object.keys(catalogs.en)]);
  for (const key of keys) {
    const zh = catalogs.zh[key];
    const en = catalogs.en[key];
    if (zh === undefined) problems.push(`${key}: missing in zh`);
    if (en === undefined) problems.push(`${key}: missing in en`);
    if (zh === undefined || en === undefined) continue;
    if (zh.trim() === '' && en.trim() !== '') problems.push(`${key}: empty in zh`);
    if (en.trim() === '' && zh.trim() !== '') problems.push(`${key}: empty in en`);
    if (placeholders(zh) !== placeholders(en))
      problems.push(
        `${key}: placeholders differ (zh: ${placeholders(zh) || 'none'}; en: ${placeholders(en) || 'none'})`,
      );
  }
  return problems;
}
