/** Answer of infra/file/upload: where the stored, re-encoded image is served. */
export interface UploadedFile {
	url: string;
	width: number;
	height: number;
	size: number;
}
