// Datasets: the JSON a server starts from. Shipped ones live in `datasets/`; a teacher can pass the path of
// their own file, checked against the published schema (`schemas/dataset.schema.json`).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import datasetSchema from '../schemas/dataset.schema.json' with { type: 'json' };
import type { MemoProperty } from './markdown.ts';

interface DatasetUser {
  username: string;
  role?: 'ADMIN' | 'USER';
  displayName?: string;
  email?: string;
  avatarUrl?: string;
  description?: string;
  state?: 'NORMAL' | 'ARCHIVED';
  tokens?: string[];
  createTime?: string;
}

interface DatasetMemo {
  id: string;
  creator: string;
  content: string;
  visibility?: 'PRIVATE' | 'PROTECTED' | 'PUBLIC';
  state?: 'NORMAL' | 'ARCHIVED';
  pinned?: boolean;
  createTime?: string;
  updateTime?: string;
  parent?: string;
  location?: { placeholder?: string; latitude?: number; longitude?: number };
  /** Stored tags, kept as they are (Memos stores them); derived from the content when left out. */
  tags?: string[];
  /** Stored property flags; each one left out is derived from the content. */
  property?: Partial<MemoProperty>;
}

export interface Dataset {
  $schema?: string;
  description?: string;
  users: DatasetUser[];
  memos?: DatasetMemo[];
  relations?: { memo: string; relatedMemo: string }[];
  reactions?: { memo: string; creator: string; reactionType: string; createTime?: string }[];
  attachments?: {
    id: string;
    creator: string;
    filename: string;
    type?: string;
    size?: number;
    content?: string;
    externalLink?: string;
    memo?: string;
    createTime?: string;
  }[];
  shortcuts?: { user: string; id: string; title: string; filter: string }[];
}

export const SHIPPED_DATASETS = ['empty', 'article', 'workshop'] as const;
export const DEFAULT_DATASET = 'workshop';
export { datasetSchema };

const datasetsDir = new URL('../datasets/', import.meta.url);
let validator: ValidateFunction<Dataset> | undefined;

/** Ajv is loaded on first use: shipped datasets skip it, which keeps `pnpm serve` and demos quick to start. */
function datasetValidator(): ValidateFunction<Dataset> {
  if (!validator) {
    const { Ajv2020 } = createRequire(import.meta.url)(
      'ajv/dist/2020.js',
    ) as typeof import('ajv/dist/2020.js');
    validator = new Ajv2020({ allErrors: true, strict: false }).compile<Dataset>(datasetSchema);
  }
  return validator;
}

/** Checks a parsed dataset against the schema; throws one readable error listing every problem. */
export function validateDataset(data: unknown, source = 'dataset'): Dataset {
  const validate = datasetValidator();
  if (validate(data)) return data;
  const problems = (validate.errors ?? []).map((e) => `  ${e.instancePath || '/'} ${e.message ?? ''}`);
  throw new Error(`${source} does not match the dataset schema:\n${problems.join('\n')}`);
}

/** Loads a shipped dataset by name ('empty', 'article', 'workshop') or a JSON file by path. */
export function loadDataset(nameOrPath: string = DEFAULT_DATASET): Dataset {
  const shipped = (SHIPPED_DATASETS as readonly string[]).includes(nameOrPath);
  const file = shipped ? new URL(`${nameOrPath}.json`, datasetsDir) : resolve(nameOrPath);
  if (!shipped && !existsSync(file)) {
    throw new Error(
      `unknown dataset "${nameOrPath}": use ${SHIPPED_DATASETS.join(', ')} or the path of a JSON file`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read dataset "${nameOrPath}": ${(error as Error).message}`);
  }
  // Shipped datasets are checked against the schema by the tests; a teacher's file is checked here.
  return shipped ? (data as Dataset) : validateDataset(data, `dataset "${nameOrPath}"`);
}
