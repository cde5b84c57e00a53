/**
 * The value codec: carries values between the learner's realm and the judge's as JSON-safe
 * trees. `makeEncoder` / `makeDecoder` are self-contained factories for injection into another
 * realm by source text; `encodeValue` / `decodeValue` are ready-made instances for this realm.
 * `makeJsonWriter` turns replies into JSON inside that realm without running a learner's `toJSON`;
 * `describeValue` prints decoded values for learners.
 */
export { encodeValue, makeEncoder, type EncodeFn } from './encode.ts';
export { decodeValue, LearnerFunction, makeDecoder, TooDeep, Unreadable, type DecodeFn, type DecoderOptions } from './decode.ts';
export { describeValue, type DescribeOptions } from './describe.ts';
export { makeJsonWriter, writeJson, type WriteJsonFn } from './write-json.ts';
export { DEFAULT_CODEC_LIMITS, type CodecLimits, type Encoded, type EncodedProp } from './types.ts';
