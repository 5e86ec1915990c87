// Text PostgreSQL can store as it was sent: any Unicode except NUL, which a text column cannot hold,
// and unpaired UTF-16 surrogates, which are not characters at all and have no UTF-8 form (the driver
// would store U+FFFD instead, or the embedded database refuse the query). Such text is refused where
// it arrives, with a 400, rather than mangled or failing the query.
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export const isStorableText = (value: string) => !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
