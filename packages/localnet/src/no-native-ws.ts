/**
 * Keeps `ws` off its optional native add-ons (bufferutil, utf-8-validate): the node must run on plain
 * Node. `ws` is loaded by `@solana/kit` (which litesvm imports) as well as by the PubSub server, so this
 * module is the first import of the chain, the PubSub server and the CLI: its environment switches must
 * be set before `ws` is first evaluated. (A process that loaded kit earlier keeps whatever ws chose.)
 *
 * @module
 */

process.env.WS_NO_BUFFER_UTIL ??= '1';
process.env.WS_NO_UTF_8_VALIDATE ??= '1';
