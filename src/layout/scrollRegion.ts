/**
 * Props of a box that scrolls its content sideways (wide tables on a phone): a keyboard reaches it
 * with Tab and scrolls it with the arrows (WCAG 2.1.1), and a screen reader names it.
 */
export const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label }) as const;
