// The console talks to the public /v1 API only, exactly as any client does, with the API key kept
// in sessionStorage (gone when the tab closes) and sent as x-api-key, never in a URL.

const KEY = 'lcs.apiKey';

export const apiKey = () => sessionStorage.getItem(KEY);
export const signIn = (key) => sessionStorage.setItem(KEY, key);
export const signOut = () => sessionStorage.removeItem(KEY);

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

let onUnauthorized = () => {};
export const whenUnauthorized = (handler) => {
  onUnauthorized = handler;
};

/**
 * A JSON call; `body` is sent as JSON, or as it is when it is FormData (multipart). A 401 signs the
 * person out (the key was revoked), unless `trying` a key at sign-in.
 */
export async function api(method, path, body, { trying = false } = {}) {
  const headers = { 'x-api-key': apiKey() ?? '' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}) });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message = parsed?.error ?? `the API answered ${response.status}`;
    if (response.status === 401 && !trying) onUnauthorized(message);
    throw new ApiError(response.status, message);
  }
  return { status: response.status, body: parsed };
}

/** Downloads an export (the key goes in a header, so not through a plain link). */
export async function download(path) {
  const response = await fetch(path, { headers: { 'x-api-key': apiKey() ?? '' } });
  if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => null))?.error ?? `the API answered ${response.status}`);
  const name = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name ? decodeURIComponent(name) : 'export' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** PUTs a file to its signed upload URL, reporting progress; resolves with the status, rejects with the API's message. */
export function putFile(url, file, contentType, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('content-type', contentType);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.status);
      else {
        let message = `the upload was refused (${request.status})`;
        try {
          message = JSON.parse(request.responseText).error ?? message;
        } catch {}
        reject(new ApiError(request.status, message));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'the upload failed: the connection was lost'));
    request.send(file);
  });
}
