interface UploadProgress {
  loaded: number;
  /** Undefined when the browser does not know the body's size. */
  total?: number;
}

export interface RequestConfig {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url?: string;
  data?: unknown;
  /** Query parameters; arrays repeat their key (`estado=a&estado=b`). */
  params?: object;
  /** `json` (default) parses the body when it is JSON and keeps the text otherwise. */
  responseType?: 'json' | 'blob' | 'text';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
  /** Skips the automatic "Éxito"/"Error" toasts, for calls whose outcome is handled quietly. */
  silent?: boolean;
  /**
   * Error codes (the envelope's `code`) the caller tells the person about itself, in place: no
   * "Error" toast for them. Every other failure, and a success, still gets its toast.
   */
  handledErrorCodes?: readonly string[];
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  config: RequestConfig;
}
