/** A row's date as the contracts' ISO text; a missing date stays null. */
export const iso = (value: Date | null) => (value ? value.toISOString() : null);
