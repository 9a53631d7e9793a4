// A world: one account's own copy of the dataset, behind its own REST mock and MCP adapter.
import type { Dataset } from '@memos-kit/memos-rest';
import type { Adapter } from '../app.ts';
import type { Account } from './accounts.ts';

export interface World {
  account: Account;
  adapter: Adapter;
}

/** The dataset with its first user's tokens replaced by this account's: the student signs in as that user. */
export function worldDataset(dataset: Dataset, token: string): Dataset {
  const copy = structuredClone(dataset);
  const [host, ...others] = copy.users;
  // Only the account's own token opens this world: the dataset's other tokens are known to every student.
  if (host) host.tokens = [token];
  for (const user of others) user.tokens = [];
  return copy;
}
