import { media, type Queryable } from "@club/db";
import type { MediaType } from "@club/shared";

export interface NewMedia {
  storageKey: string;
  displayKey: string | null;
  thumbnailKey: string | null;
  name: string | null;
  mediaType: MediaType;
  contentType: string;
  sizeBytes: number;
  associatedEventId: string | null;
  uploadedBy: string;
}

export async function insertMedia(db: Queryable, values: NewMedia) {
  const [row] = await db
    .insert(media)
    .values({ ...values, title: values.name })
    .returning({ id: media.id });
  return row!.id;
}
