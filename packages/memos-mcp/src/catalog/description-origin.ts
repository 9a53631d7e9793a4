import { contractDocument, contractOperations } from '@memos-kit/memos-contract';
import { type DescriptionSource, KIT_DESCRIPTIONS } from './kit-descriptions.ts';
import { toolNameFromOperationId } from './naming.ts';

let texts: Map<string, { memos?: string; kit?: string }> | undefined;

/**
 * Whose words a tool's description is, for a host that shows it: Memos' (the contract's text), the kit's
 * overlay's, or neither (`undefined`: changed on purpose, as `pnpm demo:host --describe` does). A tool the
 * contract does not have is neither.
 */
export function descriptionOrigin(
  toolName: string,
  description: string | undefined,
): DescriptionSource | undefined {
  texts ??= new Map(
    contractOperations(contractDocument()).map(({ operationId, operation }) => [
      toolNameFromOperationId(operationId),
      { memos: operation.description, kit: KIT_DESCRIPTIONS.operations[operationId] },
    ]),
  );
  const known = texts.get(toolName);
  if (known === undefined || description === undefined) return undefined;
  if (description === known.memos) return 'memos';
  if (description === known.kit) return 'kit';
  return undefined;
}
