const ADDRESS = String.raw`[^\s@<>",;()[\]\\]+@[^\s@<>",;()[\]\\]+`;
const NAME = String.raw`(?:"(?:[^"\\]|\\.)*"|[^<>"@,;]*)`;
const SENDER = new RegExp(String.raw`^(?:${ADDRESS}|${NAME}\s*<${ADDRESS}>)$`);

/**
 * Whether MAIL_FROM names one sender: `drinks@woxa.tech` or `Drinks <drinks@woxa.tech>`. A bare name
 * ('Drinks') gave every mail no sender address, which mail servers refuse or file as spam.
 */
export const isSender = (text: string): boolean => SENDER.test(text);
