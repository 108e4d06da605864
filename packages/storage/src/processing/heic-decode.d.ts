// heic-decode ships no types; this is the part we use.
declare module "heic-decode" {
  export default function decode(input: { buffer: Buffer | ArrayBuffer }): Promise<{
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }>;
}
