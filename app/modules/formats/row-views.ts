/** What the import preview says of a row: imported, skipped as a duplicate, or refused with every problem. */
export type RowOutcome =
  | { kind: 'import' }
  | { kind: 'duplicate'; column: string; value: string; firstRow: number | null }
  | { kind: 'problems'; problems: { column: string; message: string }[] }

/** Which rows a preview page lists: all of them, or those with problems, or the duplicates. */
export const ROW_VIEWS = ['all', 'problems', 'duplicates'] as const
export type RowView = (typeof ROW_VIEWS)[number]
