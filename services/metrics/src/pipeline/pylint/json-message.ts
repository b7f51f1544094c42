/** One message of pylint's JSON reporter (the fields used). */
export interface JsonMessage {
  type: string;
  path: string;
  symbol?: string;
  line?: number;
  column?: number;
  endLine?: number | null;
  endColumn?: number | null;
  message?: string;
  'message-id'?: string;
}
