/** kuromoji with its IPADIC dictionary, loaded (seconds, and a few hundred MB: off the UI path). */
import kuromoji from 'kuromoji';
import type { NameTokenizer } from './readings';

export function loadTokenizer(dicPath: string): Promise<NameTokenizer> {
  return new Promise((resolve, reject) => {
    kuromoji.builder({ dicPath }).build((error, tokenizer) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(tokenizer);
    });
  });
}
