// ListMemos' orderBy (AIP-132): "pinned desc, create_time desc". Memos' rules: pinned always sorts pinned first,
// name is an alias of create_time, only the first time field counts, and id DESC breaks ties.
import { invalidArgument } from './errors.ts';
import type { MemoRow } from './model.ts';

export interface MemoOrder {
  pinnedFirst: boolean;
  timeField: 'createdTs' | 'updatedTs';
  ascending: boolean;
}

const SUPPORTED = 'pinned, create_time, update_time, name';

export function parseOrderBy(orderBy: string | undefined): MemoOrder {
  const order: MemoOrder = { pinnedFirst: false, timeField: 'createdTs', ascending: false };
  if (orderBy === undefined || orderBy === '') return order;
  if (orderBy.trim() === '') throw invalidArgument('invalid order_by: empty order_by');
  let timeSeen = false;
  for (const clause of orderBy.split(',')) {
    const [field = '', direction = 'desc', ...extra] = clause.trim().split(/\s+/);
    const dir = direction.toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') {
      throw invalidArgument(
        `invalid order_by: invalid order direction: ${direction}, must be 'asc' or 'desc'`,
      );
    }
    if (extra.length > 0) {
      throw invalidArgument(
        `invalid order_by: invalid order direction: ${extra.join(' ')}, must be 'asc' or 'desc'`,
      );
    }
    if (field === 'pinned') {
      order.pinnedFirst = true;
    } else if (field === 'create_time' || field === 'name' || field === 'update_time') {
      if (!timeSeen) {
        order.timeField = field === 'update_time' ? 'updatedTs' : 'createdTs';
        order.ascending = dir === 'asc';
        timeSeen = true;
      }
    } else {
      throw invalidArgument(
        `invalid order_by: unsupported order field: ${field}, supported fields are: ${SUPPORTED}`,
      );
    }
  }
  return order;
}

export function sortMemos(rows: MemoRow[], order: MemoOrder): MemoRow[] {
  const sign = order.ascending ? 1 : -1;
  return rows.sort(
    (a, b) =>
      (order.pinnedFirst ? Number(b.pinned) - Number(a.pinned) : 0) ||
      sign * (a[order.timeField] - b[order.timeField]) ||
      b.id - a.id,
  );
}
