// The image's HEALTHCHECK (decision 0068): whichever of the portal's processes this container runs, it
// answers on its own port; a container runs one, so the check passes when any of them answers 2xx. Plain
// Node (global fetch), no packages. Exit 0: healthy; 1: not.
const env = process.env;
const probes = [
  `http://127.0.0.1:${env.API_PORT ?? 4000}/healthz`,
  `http://127.0.0.1:${env.IDP_PORT ?? 4100}/healthz`,
  `http://127.0.0.1:${env.PORT ?? 3000}/healthz`,
];

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: 'manual' });
    return response.ok;
  } catch {
    return false;
  }
}

const results = await Promise.all(probes.map(answers));
process.exit(results.some(Boolean) ? 0 : 1);
