export declare const MAX_SUBJECT_LENGTH: number;
/** The problems of a commit message against CONTRIBUTING.md's convention; none when it is fine. */
export declare function commitMessageProblems(message: string): string[];
