/**
 * Writes the value the state keeps back into the field before the state is set. The app runs on
 * Preact (decision 025), which, unlike React, does not put a controlled field back when a change
 * handler keeps the state as it was (a letter typed into a digits-only field, a checkbox past a
 * group's maximum): the field would show what was typed until the next render.
 */
export function keepTyped<T extends string>(field: HTMLInputElement | HTMLTextAreaElement, kept: T): T {
	if (field.value !== kept) field.value = kept;
	return kept;
}
