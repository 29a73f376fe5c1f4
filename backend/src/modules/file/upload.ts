/** A file multer received (memory storage): what the services read of it. */
export interface Upload {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}
