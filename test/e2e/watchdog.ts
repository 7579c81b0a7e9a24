/**
 * Preloaded into n8n by `npm start` (NODE_OPTIONS=--require …): n8n must never outlive the starter.
 *
 * The starter runs n8n in a process group of its own (so it can stop n8n and its task runners
 * together) and passes its pid in DS_START_PARENT_PID. In the process it started directly (n8n,
 * or an n8n CLI import), this watches the parent pid; once the starter is gone however it died
 * (SIGKILL, a crash), the whole group gets SIGTERM, then SIGKILL 5 s later. Other processes that
 * load it (n8n's task runners) have another parent and do nothing.
 */
const watched = Number(process.env.DS_START_PARENT_PID);

if (watched > 0 && process.ppid === watched) {
	const timer = setInterval(() => {
		if (process.ppid === watched) return;
		clearInterval(timer);
		try {
			process.kill(0, 'SIGTERM');
		} catch {
			/* nothing left to stop */
		}
		setTimeout(() => {
			try {
				process.kill(0, 'SIGKILL');
			} catch {
				/* nothing left to stop */
			}
		}, 5000);
	}, 500);
	timer.unref();
}
