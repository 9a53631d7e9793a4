// What the check step consults at every node: the fields of the schema and the literal folder, whose `now`
// is frozen for the whole filter.
import type { ASTNode } from '@marcbachmann/cel-js';
import { Folder, type Literal } from './literal.ts';
import { type FieldSpec, type FilterSchema, fieldOf } from './schema.ts';

export class Scope<Row> {
  private readonly folder: Folder;

  constructor(
    private readonly schema: FilterSchema<Row>,
    now: number,
  ) {
    this.folder = new Folder(now);
  }

  field(name: string): FieldSpec<Row> | undefined {
    return fieldOf(this.schema, name);
  }

  fold(node: ASTNode): Literal | undefined {
    return this.folder.fold(node);
  }
}
