// The site's pages, in reading order, with their titles in both languages. The sidebars of both
// locales come from this one list (pages.json, data a writer edits), so a page cannot exist in one
// language's navigation only.
import groups from './pages.json' with { type: 'json' };

export interface PageEntry {
  path: string;
  zh: string;
  en: string;
}

export interface PageGroup {
  zh: string;
  en: string;
  pages: PageEntry[];
}

export const pageGroups: PageGroup[] = groups;

export const allPages: PageEntry[] = pageGroups.flatMap((group) => group.pages);
