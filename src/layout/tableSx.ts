/**
 * Table cell styles shared by the catalogue lists and the missions table (a small module of its
 * own, so the missions chunk does not pull the catalogue framework).
 */

/** One line, cut with an ellipsis at `maxWidth` px (the cell's title shows the whole text). */
export const truncatedCellSx = (maxWidth: number) =>
  ({ maxWidth, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }) as const;

/** The actions column stays in view while the rest scrolls under it. */
export const actionsColumnSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
  borderLeft: 1,
  borderLeftColor: 'divider',
} as const;
