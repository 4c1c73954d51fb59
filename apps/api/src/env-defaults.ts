/**
 * Process environment defaults, imported first by `server.ts` (imports run in order, so this runs
 * before any SDK is loaded). The AWS SDK warns about Node versions it will stop supporting; the S3
 * driver works on the ones we support, and the warning only confuses operators.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
