import type { FastifyInstance } from "fastify";

/**
 * JSON bodies are read by Fastify's own parser (prototype poisoning refused), but a body that is
 * not JSON is refused with an error that says nothing of it (issue 27). JSON.parse's message
 * quotes the text near the mistake (`Unexpected token 'x', "{"password"... is not valid
 * JSON`), and Fastify's parser has passed that error on in some versions: whatever the parser
 * says, only the error's kind reaches the error handler, so neither the log nor the answer can
 * quote a password, a token or a pay code someone sent half-formed.
 */
export function readJsonQuietly(app: FastifyInstance): void {
	const parse = app.getDefaultJsonParser("error", "error");
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
		parse(request, body as string, (error: Error | null, value?: unknown) => {
			if (error) done(bodyNotJson(body.length === 0), undefined);
			else done(null, value);
		});
	});
}

/** The refusal of a body that is not JSON: a 400 that carries no text of the body. */
function bodyNotJson(empty: boolean): Error & { code: string; statusCode: number } {
	const error = new Error(empty ? "The JSON body is empty" : "The body is not valid JSON") as Error & {
		code: string;
		statusCode: number;
	};
	error.code = empty ? "FST_ERR_CTP_EMPTY_JSON_BODY" : "FST_ERR_CTP_INVALID_JSON_BODY";
	error.statusCode = 400;
	return error;
}
