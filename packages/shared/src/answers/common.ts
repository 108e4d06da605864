import { z } from "zod";
import { mediaTypes, videoProcessingStates } from "../enums";

export const publicKeyCredentialDescriptorJsonSchema = z
  .object({ id: z.string(), transports: z.array(z.string()).optional(), type: z.string() })
  .meta({ id: "PublicKeyCredentialDescriptorJson" });

export const publicKeyCredentialHintSchema = z
  .enum(["hybrid", "security-key", "client-device"])
  .meta({ id: "PublicKeyCredentialHint" });

/** The extensions a passkey ceremony asks for (the server asks none with binary values, such as prf). */
export const authenticationExtensionsClientInputsSchema = z
  .object({
    appid: z.string().optional(),
    credProps: z.boolean().optional(),
    hmacCreateSecret: z.boolean().optional(),
    minPinLength: z.boolean().optional(),
  })
  .meta({ id: "AuthenticationExtensionsClientInputs" });

export const publicKeyCredentialRequestOptionsJsonSchema = z
  .object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(publicKeyCredentialDescriptorJsonSchema).optional(),
    userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    hints: z.array(publicKeyCredentialHintSchema).optional(),
    extensions: authenticationExtensionsClientInputsSchema.optional(),
  })
  .meta({ id: "PublicKeyCredentialRequestOptionsJson" });

export const portraitSchema = z
  .object({ small: z.string(), large: z.string(), placeholder: z.string().nullable() })
  .nullable()
  .meta({ id: "Portrait" });

export const imageSourceSchema = z
  .object({ url: z.string(), width: z.number(), height: z.number() })
  .meta({ id: "ImageSource" });

export const mediaItemSchema = z
  .object({
    id: z.string(),
    image_id: z.string(),
    url: z.string(),
    original_url: z.string(),
    thumbnail_url: z.string().nullable(),
    name: z.string().nullable().meta({ description: "Its title; null until its uploader gives one." }),
    title: z.string().nullable(),
    file_name: z
      .string()
      .nullable()
      .meta({ description: "The uploaded file's own name, for downloads; never shown as its title." }),
    media_type: z.enum(mediaTypes),
    content_type: z.string(),
    processing: z.enum(videoProcessingStates).nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    sources: z.array(imageSourceSchema),
    placeholder: z.string().nullable(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    associated_event_id: z.string().nullable(),
    author_name: z.string(),
    upload_date: z.date(),
    uploaded_by: z.string().nullable(),
    can_manage: z.boolean(),
    uploader_only: z.boolean(),
    /** How many members like it, and whether the reader does. */
    like_count: z.number(),
    user_liked: z.boolean(),
  })
  .meta({ id: "MediaItem" });
