/**
 * One booking as an iCalendar file (RFC 5545) for "add to calendar". Written by hand rather
 * than with the `ics` package: that package folds long lines by characters, so a Khmer or
 * Chinese summary comes out far longer than the 75 octets a line may have.
 */

export interface CalendarEvent {
	uid: string;
	start: Date;
	end: Date;
	stamp: Date;
	summary: string;
	description: string;
	location: string;
	/** The event's status for the calendar: a cancelled booking is sent as CANCELLED. */
	cancelled: boolean;
}

/** 20261120T120000Z */
function utcStamp(instant: Date): string {
	return `${instant.toISOString().slice(0, 19).replaceAll("-", "").replaceAll(":", "")}Z`;
}

/** TEXT values: backslash, semicolon and comma escaped; line breaks as \n (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
	return value
		.replaceAll("\\", "\\\\")
		.replaceAll(";", "\\;")
		.replaceAll(",", "\\,")
		.replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line to at most 75 octets per line (RFC 5545 §3.1): CRLF and one space
 * before each continuation, never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
	const parts: string[] = [];
	let current = "";
	let octets = 0;
	for (const char of line) {
		const size = Buffer.byteLength(char);
		// Continuation lines start with a space, which counts toward their 75 octets.
		const limit = parts.length === 0 ? 75 : 74;
		if (octets + size > limit) {
			parts.push(current);
			current = "";
			octets = 0;
		}
		current += char;
		octets += size;
	}
	parts.push(current);
	return parts.join("\r\n ");
}

export function calendarFile(event: CalendarEvent): string {
	const lines = [
		"BEGIN:VCALENDAR",
		"VERSION:2.0",
		"PRODID:-//Bayon//Reservations//EN",
		"CALSCALE:GREGORIAN",
		"METHOD:PUBLISH",
		"BEGIN:VEVENT",
		`UID:${escapeText(event.uid)}`,
		`DTSTAMP:${utcStamp(event.stamp)}`,
		`DTSTART:${utcStamp(event.start)}`,
		`DTEND:${utcStamp(event.end)}`,
		`SUMMARY:${escapeText(event.summary)}`,
		`DESCRIPTION:${escapeText(event.description)}`,
		`LOCATION:${escapeText(event.location)}`,
		`STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
		"END:VEVENT",
		"END:VCALENDAR",
	];
	return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
