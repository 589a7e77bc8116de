import { conflict } from "../platform/errors/app-error";

export const duplicateSourceName = (name: string) => conflict(`An ingestion source named "${name}" already exists`);
