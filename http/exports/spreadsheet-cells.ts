// Delimited text that spreadsheets open: RFC 4180 quoting, and cells a spreadsheet would run as a
// formula (starting with = + - @, or a tab or carriage return) defused with a leading apostrophe,
// as OWASP advises against CSV injection. Readers that know the rule strip that apostrophe again.

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as it must stand in the file so that a spreadsheet shows it and never runs it. */
export const defused = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The cell's value back from its defused form. */
export const restored = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** RFC 4180 CSV: a header row, CRLF line ends, every cell defused and quoted where needed. */
export const csv = (rows: string[][]): string => `${rows.map((row) => row.map((cell) => quoted(defused(cell))).join(',')).join('\r\n')}\r\n`;
