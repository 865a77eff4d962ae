import type { AgreementWords } from './agreement-words'

/** The customer agreement in German (Swiss orthography, formal address), translated from the English (decision 131). */
export const AGREEMENT_DE: AgreementWords = {
  title: (us) => `Kundenvertrag mit ${us}`,
  versionLabel: 'Version',
  confirmation: (us, version) =>
    `Ich habe den Kundenvertrag mit ${us}, Version ${version}, einschliesslich seiner Risiken gelesen. Ich stimme ihm zu und bestätige, dass ich in eigenem Namen und auf eigene Rechnung handle.`,
  keyTerms: ({ name: us }) => [
    {
      heading: 'Was wir tun',
      paragraphs: [
        `${us} verkauft Ihnen Kryptowerte gegen Geld, das Sie von einem Konto auf Ihren eigenen Namen bezahlen, und sendet sie an eine Wallet, von der Sie nachgewiesen haben, dass sie Ihnen gehört. Wir verwahren weder Kryptowerte noch Geld für Sie.`,
      ],
    },
    {
      heading: 'Preise und Gebühren',
      paragraphs: [
        'Jeder Auftrag zeigt Ihnen vor der Zahlung den Preis, unsere Gebühr und den Betrag, den Sie erhalten. Der Preis gilt für eine begrenzte Zeit; die Gebührenordnung auf unserer Website ist Bestandteil dieses Vertrags.',
      ],
    },
    {
      heading: 'Risiken',
      paragraphs: [
        'Kryptowerte sind sehr volatil, und Sie können das gesamte Geld verlieren, das Sie dafür ausgeben. Sie sind weder durch eine Einlagensicherung noch durch eine Anlegerentschädigung geschützt. Wir erteilen keine Anlageberatung.',
      ],
    },
    {
      heading: 'Prüfungen, die wir vornehmen müssen',
      paragraphs: [
        'Das schweizerische Geldwäschereigesetz verpflichtet uns, Sie zu identifizieren, nach der Herkunft Ihres Geldes zu fragen und Ihre Wallet zu prüfen. Wir können einen Auftrag zurückhalten, ablehnen oder rückabwickeln, bis diese Prüfungen abgeschlossen sind, und wir müssen Verdachtsfälle den Behörden melden.',
      ],
    },
    {
      heading: 'Beendigung des Vertrags',
      paragraphs: [
        'Sie können diesen Vertrag jederzeit durch eine schriftliche Mitteilung an uns beenden; wir können ihn mit einer Frist von 30 Tagen oder aus wichtigem Grund sofort beenden. Bereits bezahlte Aufträge werden ausgeführt oder zurückerstattet.',
      ],
    },
    {
      heading: 'Recht und Gerichtsstand',
      paragraphs: [
        'Es gilt schweizerisches Recht. Streitigkeiten entscheiden die Gerichte in Zug, Schweiz, sofern das Gesetz Ihnen nicht einen anderen Gerichtsstand gewährt.',
      ],
    },
  ],
  services: (company) => {
    const us = company.name
    return [
      {
        heading: '1. Parteien',
        paragraphs: [
          `Dieser Vertrag wird geschlossen zwischen ${us}, ${company.address} («wir», «uns»), einer Aktiengesellschaft nach schweizerischem Recht, und der Person, die ihn unterzeichnet («Sie»). Sie handeln in eigenem Namen und auf eigene Rechnung.`,
        ],
      },
      {
        heading: '2. Unsere Dienstleistungen',
        paragraphs: [
          'Wir verkaufen Ihnen Kryptowerte gegen Fiatgeld. Jeder Kauf ist ein Auftrag: Sie wählen den Kryptowert, den Betrag und die Wallet, wir zeigen Ihnen einen Preis, und der Auftrag wird verbindlich, sobald Ihre Zahlung bei uns eingeht, solange der Preis gilt.',
          'Wir erbringen keine Anlageberatung, Vermögensverwaltung, Kreditvergabe, kein Staking und keine andere Dienstleistung über den hier beschriebenen Kauf und die Lieferung hinaus.',
        ],
      },
      {
        heading: '3. Preise und Gebühren',
        paragraphs: [
          'Der Preis eines Auftrags, unsere Gebühr und der Betrag des Kryptowerts, den Sie erhalten, werden Ihnen vor der Zahlung angezeigt. Die zum Zeitpunkt des Auftrags auf unserer Website veröffentlichte Gebührenordnung ist Bestandteil dieses Vertrags. Gebühren Ihrer Bank oder Ihres Kartenherausgebers tragen Sie.',
          'Trifft Ihre Zahlung ein, nachdem der Preis abgelaufen ist, kaufen wir zum Preis bei Eingang oder fragen Sie zuerst, wie es die Auftragsseiten erklären, oder wir erstatten Ihnen den Betrag zurück.',
        ],
      },
      {
        heading: '4. Zahlung',
        paragraphs: [
          'Sie bezahlen nur von einem Konto oder mit einer Karte auf Ihren eigenen Namen. Zahlungen von Dritten senden wir zurück, abzüglich der Kosten der Rücksendung.',
        ],
      },
      {
        heading: '5. Lieferung und Verwahrung',
        paragraphs: [
          'Wir senden den Kryptowert an die in Ihrem Auftrag angegebene Wallet-Adresse, sobald Ihre Zahlung und unsere Prüfungen abgeschlossen sind. Wir verwahren weder Kryptowerte noch Geld für Sie: Nach der Lieferung befindet sich der Kryptowert in einer Wallet, über die allein Sie verfügen.',
          'Sie sind für die von Ihnen angegebene Adresse und für die sichere Aufbewahrung der Schlüssel Ihrer Wallet verantwortlich. Eine Übertragung auf einer Blockchain kann nicht rückgängig gemacht werden; Kryptowerte, die an eine von Ihnen falsch angegebene Adresse gesendet werden, sind verloren.',
        ],
      },
      {
        heading: '6. Risiken',
        paragraphs: [
          'Der Wert von Kryptowerten kann innert Minuten stark und bis auf null fallen. Sie sind kein gesetzliches Zahlungsmittel, werden von keinem Staat und keiner Zentralbank gedeckt und sind weder durch eine Einlagensicherung noch durch eine Anlegerentschädigung geschützt.',
          'Netzwerke können überlastet, aufgespalten (Fork) oder angegriffen werden, und die Gesetze über Kryptowerte können sich ändern. Kaufen Sie nur mit Geld, dessen vollständigen Verlust Sie sich leisten können.',
        ],
      },
    ]
  },
  relationship: (company) => [
    {
      heading: '7. Unsere Pflichten nach dem Geldwäschereigesetz',
      paragraphs: [
        'Als Finanzintermediär nach dem schweizerischen Geldwäschereigesetz müssen wir Sie identifizieren, die wirtschaftlich berechtigte Person am Geld feststellen, nach seiner Herkunft fragen, Ihre Wallets prüfen und ungewöhnliche Transaktionen näher abklären.',
        'Sie machen uns vollständige und wahre Angaben und teilen uns Änderungen mit. Wir können einen Auftrag zurückhalten, ablehnen oder zurückerstatten oder diesen Vertrag beenden, wenn Angaben fehlen oder eine Prüfung scheitert, und wir müssen Verdachtsfälle der Meldestelle für Geldwäscherei (MROS) melden, ohne Sie darüber zu informieren.',
      ],
    },
    {
      heading: '8. Ihr Konto',
      paragraphs: [
        'Halten Sie Ihre Anmeldedaten geheim. Was damit getan wird, gilt als von Ihnen getan, bis Sie uns mitteilen, dass sie jemand anderem bekannt sein könnten.',
      ],
    },
    {
      heading: '9. Haftung',
      paragraphs: [
        'Wir haften für Schäden, die wir absichtlich oder grobfahrlässig verursachen. Im Übrigen sowie für Verluste aus Preisbewegungen, Netzwerkausfällen oder von Ihnen falsch angegebenen Adressen ist unsere Haftung ausgeschlossen, soweit das Gesetz es zulässt.',
      ],
    },
    {
      heading: '10. Datenschutz',
      paragraphs: [
        'Wir bearbeiten Ihre Personendaten, wie es unsere Datenschutzerklärung beschreibt, und bewahren die Unterlagen zu Ihrer Identität und Ihren Aufträgen nach dem Ende der Geschäftsbeziehung zehn Jahre lang auf, wie es das schweizerische Recht verlangt.',
      ],
    },
    {
      heading: '11. Änderungen dieses Vertrags',
      paragraphs: [
        'Wir können diesen Vertrag ändern. Eine neue Version gilt für Aufträge, die begonnen werden, nachdem Sie sie unterzeichnet haben; bis dahin können Sie keinen neuen Auftrag beginnen.',
      ],
    },
    {
      heading: '12. Beendigung',
      paragraphs: [
        `Sie können diesen Vertrag jederzeit durch eine Nachricht an ${company.supportEmail} beenden. Wir können ihn mit einer Frist von 30 Tagen oder aus wichtigem Grund sofort beenden, etwa wenn eine Prüfung nach Ziffer 7 scheitert. Vor dem Ende bezahlte Aufträge werden ausgeführt oder zurückerstattet.`,
      ],
    },
    {
      heading: '13. Anwendbares Recht und Gerichtsstand',
      paragraphs: [
        'Dieser Vertrag untersteht schweizerischem Recht unter Ausschluss seiner Kollisionsnormen. Zuständig sind die Gerichte des Kantons Zug, Schweiz, vorbehaltlich zwingender Bestimmungen, die einer Konsumentin oder einem Konsumenten das Recht geben, an ihrem oder seinem Wohnsitz zu klagen.',
      ],
    },
  ],
}
