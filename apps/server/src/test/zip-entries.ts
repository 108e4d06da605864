/** The names and contents of a zip's entries, read by yauzl. */
export async function zipEntries(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const yauzl = await import("yauzl");
  const file = await new Promise<import("yauzl").ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const entries: { name: string; data: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on("entry", (entry: import("yauzl").Entry) => {
      file.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          file.readEntry();
        });
      });
    });
    file.on("end", resolve);
    file.on("error", reject);
    file.readEntry();
  });
  return entries;
}
