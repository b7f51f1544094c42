import { apiUrl, type RequestOptions } from '../api/client.js';
import { ApiError } from '../api/problem.js';
import { freshSession } from '../api/refresh.js';

/** Fetches a file of the API (a report's CSV or PDF) with the session's token and saves it. */
export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string) {
  const session = await freshSession();
  const res = await fetch(apiUrl(path, query), {
    headers: session ? { authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    throw new ApiError(res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
