// The forge's REST API, exactly the three GitHub endpoints the service uses:
//   POST  /repos/{owner}/{repo}/statuses/{sha}              a commit status
//   POST  /repos/{owner}/{repo}/issues/{number}/comments    a pull request comment
//   PATCH /repos/{owner}/{repo}/issues/comments/{id}        that comment, updated
// (request shapes from GitHub's REST documentation; tests run them against a loopback server).

export interface ForgeApi {
  url: string;
  token: string;
}

async function call(
  api: ForgeApi,
  method: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${api.token}`,
      'x-github-api-version': '2022-11-28',
      'content-type': 'application/json',
      'user-agent': 'code-metrics-service',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const seg = encodeURIComponent;

export const forgeClient = {
  status(
    api: ForgeApi,
    owner: string,
    repo: string,
    sha: string,
    s: {
      state: 'success' | 'failure' | 'error' | 'pending';
      description: string;
      context: string;
      target_url?: string;
    },
  ) {
    return call(api, 'POST', `/repos/${seg(owner)}/${seg(repo)}/statuses/${seg(sha)}`, s);
  },
  async createComment(api: ForgeApi, owner: string, repo: string, pr: number, body: string): Promise<string> {
    const r = await call(api, 'POST', `/repos/${seg(owner)}/${seg(repo)}/issues/${pr}/comments`, { body });
    if (typeof r.id !== 'number' && typeof r.id !== 'string')
      throw new Error('the forge answered no comment id');
    return String(r.id);
  },
  updateComment(api: ForgeApi, owner: string, repo: string, id: string, body: string) {
    return call(api, 'PATCH', `/repos/${seg(owner)}/${seg(repo)}/issues/comments/${seg(id)}`, { body });
  },
};
