/**
 * How many live websockets one server holds for one member and for one client address
 * (issue 27: one member opened 3,000, none refused). A person has a phone, a laptop and a few
 * tabs, each with one socket (the app shares one per tab): 20 is several times what honest use
 * needs. An address stands for a household, an office or a restaurant behind one router,
 * several people with a few devices each: 50. Counted per server (each server knows only its
 * own sockets); behind a load balancer spreading sockets, the total is at most the number of
 * servers times these. The address is the request's IP as Fastify reads it, so with TRUST_PROXY
 * it is the client's behind our proxy, and without it nobody can pick their own.
 */
export const MAX_SOCKETS_PER_MEMBER = 20;
export const MAX_SOCKETS_PER_ADDRESS = 50;

/** Counts the sockets a server holds per member and per address; a socket past either cap is refused. */
export class SocketLimits {
	private readonly perMember = new Map<string, number>();
	private readonly perAddress = new Map<string, number>();

	constructor(
		private readonly maxPerMember = MAX_SOCKETS_PER_MEMBER,
		private readonly maxPerAddress = MAX_SOCKETS_PER_ADDRESS,
	) {}

	/**
	 * Takes a place for a new socket, or answers false when the member or the address already
	 * holds the most allowed. A place taken must be given back once (the returned release).
	 */
	admit(member: { tenantId: number; memberId: number }, address: string): (() => void) | null {
		const memberKey = `${member.tenantId}:${member.memberId}`;
		const memberCount = this.perMember.get(memberKey) ?? 0;
		const addressCount = this.perAddress.get(address) ?? 0;
		if (memberCount >= this.maxPerMember || addressCount >= this.maxPerAddress) return null;
		this.perMember.set(memberKey, memberCount + 1);
		this.perAddress.set(address, addressCount + 1);
		let released = false;
		return () => {
			if (released) return;
			released = true;
			decrement(this.perMember, memberKey);
			decrement(this.perAddress, address);
		};
	}
}

function decrement(counts: Map<string, number>, key: string) {
	const left = (counts.get(key) ?? 1) - 1;
	if (left <= 0) counts.delete(key);
	else counts.set(key, left);
}
