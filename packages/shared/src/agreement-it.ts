import type { AgreementWords } from './agreement-words'

/** The customer agreement in Italian (formal address), translated from the English (decision 131). */
export const AGREEMENT_IT: AgreementWords = {
  title: (us) => `Contratto cliente con ${us}`,
  versionLabel: 'Versione',
  confirmation: (us, version) =>
    `Ho letto il contratto cliente con ${us}, versione ${version}, compresi i suoi rischi. Lo accetto e confermo di agire in nome e per conto mio.`,
  keyTerms: ({ name: us }) => [
    {
      heading: 'Che cosa facciamo',
      paragraphs: [
        `${us} Le vende cripto-attività contro denaro che Lei paga da un conto intestato a Lei, e le invia a un wallet di cui ha dimostrato di essere titolare. Non custodiamo né cripto-attività né denaro per Suo conto.`,
      ],
    },
    {
      heading: 'Prezzi e commissioni',
      paragraphs: [
        'Ogni ordine Le mostra, prima del pagamento, il prezzo, la nostra commissione e l’importo che riceve. Il prezzo vale per un tempo limitato; il tariffario delle commissioni pubblicato sul nostro sito web è parte integrante del presente contratto.',
      ],
    },
    {
      heading: 'Rischi',
      paragraphs: [
        'Le cripto-attività sono molto volatili e Lei può perdere tutto il denaro che vi spende. Non sono coperte da alcuna garanzia dei depositi né da alcun sistema di indennizzo degli investitori. Non forniamo consulenza in materia di investimenti.',
      ],
    },
    {
      heading: 'Verifiche che dobbiamo effettuare',
      paragraphs: [
        'La legge svizzera sul riciclaggio di denaro ci obbliga a identificarLa, a chiederLe la provenienza del Suo denaro e a verificare il Suo wallet. Possiamo trattenere, rifiutare o annullare un ordine finché queste verifiche non sono concluse, e dobbiamo segnalare i sospetti alle autorità.',
      ],
    },
    {
      heading: 'Fine del contratto',
      paragraphs: [
        'Lei può porre fine al presente contratto in qualsiasi momento scrivendoci; noi possiamo porvi fine con un preavviso di 30 giorni, o immediatamente per un motivo grave. Gli ordini già pagati vengono eseguiti o rimborsati.',
      ],
    },
    {
      heading: 'Diritto e foro',
      paragraphs: [
        'Si applica il diritto svizzero. Le controversie sono decise dai tribunali di Zugo, Svizzera, salvo che la legge Le attribuisca un altro foro.',
      ],
    },
  ],
  services: (company) => {
    const us = company.name
    return [
      {
        heading: '1. Parti',
        paragraphs: [
          `Il presente contratto è concluso tra ${us}, ${company.address} («noi»), una società anonima (Aktiengesellschaft) di diritto svizzero, e la persona che lo firma («Lei»). Lei agisce in nome e per conto proprio.`,
        ],
      },
      {
        heading: '2. I nostri servizi',
        paragraphs: [
          'Le vendiamo cripto-attività contro moneta fiat. Ogni acquisto è un ordine: Lei sceglie la cripto-attività, l’importo e il wallet, noi Le mostriamo un prezzo, e l’ordine diventa vincolante non appena il Suo pagamento ci raggiunge mentre il prezzo è valido.',
          'Non forniamo consulenza in materia di investimenti, gestione patrimoniale, prestiti, staking né alcun altro servizio oltre all’acquisto e alla consegna qui descritti.',
        ],
      },
      {
        heading: '3. Prezzi e commissioni',
        paragraphs: [
          'Il prezzo di un ordine, la nostra commissione e l’importo della cripto-attività che riceve Le vengono mostrati prima del pagamento. Il tariffario delle commissioni pubblicato sul nostro sito web al momento dell’ordine è parte integrante del presente contratto. Le commissioni della Sua banca o dell’emittente della Sua carta sono a Suo carico.',
          'Se il Suo pagamento arriva dopo la scadenza del prezzo, acquistiamo al prezzo del momento dell’arrivo o Le chiediamo prima conferma, come spiegano le pagine dell’ordine, oppure La rimborsiamo.',
        ],
      },
      {
        heading: '4. Pagamento',
        paragraphs: [
          'Lei paga solo da un conto o con una carta intestati a Lei. Restituiamo i pagamenti di terzi, dedotti i costi della restituzione.',
        ],
      },
      {
        heading: '5. Consegna e custodia',
        paragraphs: [
          'Inviamo la cripto-attività all’indirizzo di wallet indicato nel Suo ordine, una volta concluse il Suo pagamento e le nostre verifiche. Non custodiamo né cripto-attività né denaro per Suo conto: dopo la consegna, la cripto-attività si trova in un wallet che controlla solo Lei.',
          'Lei è responsabile dell’indirizzo che indica e della custodia sicura delle chiavi del Suo wallet. Un trasferimento su una blockchain non può essere annullato; le cripto-attività inviate a un indirizzo errato da Lei indicato vanno perse.',
        ],
      },
      {
        heading: '6. Rischi',
        paragraphs: [
          'Il valore delle cripto-attività può scendere bruscamente, fino a zero, nel giro di minuti. Non hanno corso legale, non sono garantite da uno Stato o da una banca centrale e non sono protette da una garanzia dei depositi né da un sistema di indennizzo degli investitori.',
          'Le reti possono essere congestionate, biforcate (fork) o attaccate, e le leggi sulle cripto-attività possono cambiare. Acquisti solo con denaro che può permettersi di perdere interamente.',
        ],
      },
    ]
  },
  relationship: (company) => [
    {
      heading: '7. I nostri obblighi secondo la legge sul riciclaggio di denaro',
      paragraphs: [
        'In quanto intermediario finanziario ai sensi della legge svizzera sul riciclaggio di denaro, dobbiamo identificarLa, accertare l’avente economicamente diritto del denaro, chiederne la provenienza, verificare i Suoi wallet ed esaminare più da vicino le transazioni insolite.',
        'Lei ci fornisce informazioni complete e veritiere e ci comunica i cambiamenti. Possiamo trattenere, rifiutare o rimborsare un ordine, o porre fine al presente contratto, se mancano informazioni o una verifica non va a buon fine, e dobbiamo comunicare i sospetti all’Ufficio di comunicazione in materia di riciclaggio di denaro (MROS) senza informarLa.',
      ],
    },
    {
      heading: '8. Il Suo conto',
      paragraphs: [
        'Mantenga segreti i Suoi dati di accesso. Consideriamo quanto viene fatto con essi come fatto da Lei, finché non ci comunica che potrebbero essere noti a qualcun altro.',
      ],
    },
    {
      heading: '9. Responsabilità',
      paragraphs: [
        'Rispondiamo dei danni che causiamo intenzionalmente o per negligenza grave. Per il resto, nonché per le perdite dovute a movimenti di prezzo, guasti delle reti o indirizzi errati da Lei indicati, la nostra responsabilità è esclusa nella misura consentita dalla legge.',
      ],
    },
    {
      heading: '10. Protezione dei dati',
      paragraphs: [
        'Trattiamo i Suoi dati personali come descritto nella nostra informativa sulla protezione dei dati, e conserviamo la documentazione relativa alla Sua identità e ai Suoi ordini per dieci anni dopo la fine del rapporto, come richiesto dal diritto svizzero.',
      ],
    },
    {
      heading: '11. Modifiche del presente contratto',
      paragraphs: [
        'Possiamo modificare il presente contratto. Una nuova versione si applica agli ordini avviati dopo che Lei l’ha firmata; fino ad allora non può avviare un nuovo ordine.',
      ],
    },
    {
      heading: '12. Disdetta',
      paragraphs: [
        `Lei può porre fine al presente contratto in qualsiasi momento scrivendo a ${company.supportEmail}. Noi possiamo porvi fine con un preavviso di 30 giorni, o immediatamente per un motivo grave, ad esempio una verifica non riuscita secondo la sezione 7. Gli ordini pagati prima della fine vengono eseguiti o rimborsati.`,
      ],
    },
    {
      heading: '13. Diritto applicabile e foro',
      paragraphs: [
        'Il presente contratto è retto dal diritto svizzero, escluse le sue norme sui conflitti di leggi. Sono competenti i tribunali del Cantone di Zugo, Svizzera, fatte salve le norme imperative che danno al consumatore il diritto di agire nel luogo del proprio domicilio.',
      ],
    },
  ],
}
