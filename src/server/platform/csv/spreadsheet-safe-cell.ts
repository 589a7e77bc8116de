/**
 * The one defence of our CSV files against formula injection (CSV injection): a value a spreadsheet
 * would run as a formula (it starts with = + - @, a tab or a carriage return) gets a single quote in
 * front, and so does one that already starts with a single quote. A reader therefore gets every value
 * back exactly by removing one leading single quote where there is one, in every cell. Used by each CSV
 * we write: a production's manifest.csv (whose signature covers these exact bytes; manifestValue of
 * scripts/verify-export.mjs undoes it), the audit log export and the certificate of destruction.
 */
export const neutralizedCell = (value: string): string => (/^[=+\-@\t\r']/.test(value) ? `'${value}` : value);

/** What a reader does to a cell of those files to get the value back: remove one leading single quote. */
export const originalCellValue = (cell: string): string => (cell.startsWith("'") ? cell.slice(1) : cell);
