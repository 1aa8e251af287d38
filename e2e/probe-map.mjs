const [url] = process.argv.slice(2);
const map = await (await fetch(`http://127.0.0.1:3100${url}.map`)).json();
const sizes = map.sources.map((s, i) => [s, (map.sourcesContent?.[i] ?? '').length]);
sizes.sort((a, b) => b[1] - a[1]);
for (const [s, n] of sizes.slice(0, 25)) console.log(n, s);
