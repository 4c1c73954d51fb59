import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';
import * as xadesjs from 'xadesjs';
import * as xmldom from '@xmldom/xmldom';
import { setNodeDependencies } from 'xml-core';
import xpath from 'xpath';

// The libraries that sign (xadesjs, pkijs, @peculiar/x509) take the WebCrypto engine and the XML DOM
// they are given: Node's own WebCrypto, and @xmldom/xmldom. Set once, when this module is first imported.
const crypto = webcrypto as unknown as Crypto;
x509.cryptoProvider.set(crypto);
xadesjs.Application.setEngine('NodeJS', crypto);
pkijs.setEngine('NodeJS', new pkijs.CryptoEngine({ name: 'NodeJS', crypto }));
setNodeDependencies({
  XMLSerializer: xmldom.XMLSerializer,
  DOMParser: xmldom.DOMParser,
  DOMImplementation: xmldom.DOMImplementation,
  xpath,
});

export { crypto };

/** The one signature algorithm of the seal: RSA PKCS#1 v1.5 with SHA-256 (what the DIR3 seals carry). */
export const ALGORITMO = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
