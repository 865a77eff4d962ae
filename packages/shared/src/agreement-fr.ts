import type { AgreementWords } from './agreement-words'

/** The customer agreement in French (formal address), translated from the English (decision 131). */
export const AGREEMENT_FR: AgreementWords = {
  title: (us) => `Contrat client avec ${us}`,
  versionLabel: 'Version',
  confirmation: (us, version) =>
    `J’ai lu le contrat client avec ${us}, version ${version}, y compris ses risques. Je l’accepte et je confirme agir en mon propre nom et pour mon propre compte.`,
  keyTerms: ({ name: us }) => [
    {
      heading: 'Ce que nous faisons',
      paragraphs: [
        `${us} vous vend des cryptoactifs contre de l’argent que vous payez depuis un compte à votre propre nom, et les envoie vers un wallet dont vous avez démontré qu’il vous appartient. Nous ne conservons ni cryptoactifs ni argent pour vous.`,
      ],
    },
    {
      heading: 'Prix et frais',
      paragraphs: [
        'Chaque ordre vous indique, avant que vous ne payiez, le prix, nos frais et le montant que vous recevez. Le prix est valable pendant une durée limitée ; le barème des frais publié sur notre site web fait partie du présent contrat.',
      ],
    },
    {
      heading: 'Risques',
      paragraphs: [
        'Les cryptoactifs sont très volatils et vous pouvez perdre la totalité de l’argent que vous y consacrez. Ils ne sont couverts par aucune garantie des dépôts ni aucun système d’indemnisation des investisseurs. Nous ne fournissons aucun conseil en placement.',
      ],
    },
    {
      heading: 'Vérifications que nous devons effectuer',
      paragraphs: [
        'La loi suisse sur le blanchiment d’argent nous oblige à vous identifier, à vous demander l’origine de votre argent et à vérifier votre wallet. Nous pouvons retenir, refuser ou annuler un ordre jusqu’à ce que ces vérifications soient terminées, et nous devons signaler les soupçons aux autorités.',
      ],
    },
    {
      heading: 'Fin du contrat',
      paragraphs: [
        'Vous pouvez mettre fin au présent contrat à tout moment en nous écrivant ; nous pouvons y mettre fin moyennant un préavis de 30 jours, ou immédiatement pour un juste motif. Les ordres déjà payés sont exécutés ou remboursés.',
      ],
    },
    {
      heading: 'Droit et tribunaux',
      paragraphs: [
        'Le droit suisse s’applique. Les tribunaux de Zoug, en Suisse, tranchent les litiges, à moins que la loi ne vous attribue un autre for.',
      ],
    },
  ],
  services: (company) => {
    const us = company.name
    return [
      {
        heading: '1. Parties',
        paragraphs: [
          `Le présent contrat est conclu entre ${us}, ${company.address} (« nous »), une société anonyme (Aktiengesellschaft) de droit suisse, et la personne qui le signe (« vous »). Vous agissez en votre propre nom et pour votre propre compte.`,
        ],
      },
      {
        heading: '2. Nos services',
        paragraphs: [
          'Nous vous vendons des cryptoactifs contre de la monnaie fiduciaire. Chaque achat est un ordre : vous choisissez le cryptoactif, le montant et le wallet, nous vous indiquons un prix, et l’ordre devient contraignant dès que votre paiement nous parvient pendant la validité du prix.',
          'Nous ne fournissons ni conseil en placement, ni gestion de portefeuille, ni prêt, ni staking, ni aucun autre service au-delà de l’achat et de la livraison décrits ici.',
        ],
      },
      {
        heading: '3. Prix et frais',
        paragraphs: [
          'Le prix d’un ordre, nos frais et le montant de cryptoactif que vous recevez vous sont indiqués avant que vous ne payiez. Le barème des frais publié sur notre site web au moment de l’ordre fait partie du présent contrat. Les frais de votre banque ou de l’émetteur de votre carte sont à votre charge.',
          'Si votre paiement arrive après l’expiration du prix, nous achetons au prix en vigueur à son arrivée ou vous demandons d’abord votre accord, comme l’expliquent les écrans de l’ordre, ou nous vous remboursons.',
        ],
      },
      {
        heading: '4. Paiement',
        paragraphs: [
          'Vous payez uniquement depuis un compte ou avec une carte à votre propre nom. Nous renvoyons les paiements de tiers, déduction faite des frais de leur renvoi.',
        ],
      },
      {
        heading: '5. Livraison et garde',
        paragraphs: [
          'Nous envoyons le cryptoactif à l’adresse de wallet indiquée dans votre ordre, une fois votre paiement et nos vérifications terminés. Nous ne conservons ni cryptoactifs ni argent pour vous : après la livraison, le cryptoactif se trouve dans un wallet que vous seul contrôlez.',
          'Vous êtes responsable de l’adresse que vous indiquez et de la conservation en sécurité des clés de votre wallet. Un transfert sur une blockchain ne peut pas être annulé ; les cryptoactifs envoyés à une adresse erronée que vous avez indiquée sont perdus.',
        ],
      },
      {
        heading: '6. Risques',
        paragraphs: [
          'La valeur des cryptoactifs peut chuter fortement, jusqu’à zéro, en quelques minutes. Ils n’ont pas cours légal, ne sont garantis par aucun État ni aucune banque centrale et ne sont protégés ni par une garantie des dépôts ni par un système d’indemnisation des investisseurs.',
          'Les réseaux peuvent être saturés, scindés (fork) ou attaqués, et les lois sur les cryptoactifs peuvent changer. N’achetez qu’avec de l’argent dont vous pouvez vous permettre la perte totale.',
        ],
      },
    ]
  },
  relationship: (company) => [
    {
      heading: '7. Nos obligations selon la loi sur le blanchiment d’argent',
      paragraphs: [
        'En tant qu’intermédiaire financier au sens de la loi suisse sur le blanchiment d’argent, nous devons vous identifier, identifier l’ayant droit économique de l’argent, nous enquérir de son origine, vérifier vos wallets et examiner de plus près les transactions inhabituelles.',
        'Vous nous fournissez des informations complètes et véridiques et nous informez de leurs changements. Nous pouvons retenir, refuser ou rembourser un ordre, ou mettre fin au présent contrat, lorsque des informations manquent ou qu’une vérification échoue, et nous devons communiquer les soupçons au Bureau de communication en matière de blanchiment d’argent (MROS) sans vous en informer.',
      ],
    },
    {
      heading: '8. Votre compte',
      paragraphs: [
        'Gardez vos identifiants de connexion secrets. Nous considérons ce qui est fait avec eux comme fait par vous, jusqu’à ce que vous nous informiez qu’ils pourraient être connus d’un tiers.',
      ],
    },
    {
      heading: '9. Responsabilité',
      paragraphs: [
        'Nous répondons des dommages que nous causons intentionnellement ou par négligence grave. Pour le surplus, ainsi que pour les pertes dues aux variations de prix, aux défaillances des réseaux ou aux adresses erronées que vous avez indiquées, notre responsabilité est exclue dans la mesure permise par la loi.',
      ],
    },
    {
      heading: '10. Protection des données',
      paragraphs: [
        'Nous traitons vos données personnelles comme le décrit notre déclaration de confidentialité, et conservons les documents relatifs à votre identité et à vos ordres pendant dix ans après la fin de la relation, comme l’exige le droit suisse.',
      ],
    },
    {
      heading: '11. Modifications du présent contrat',
      paragraphs: [
        'Nous pouvons modifier le présent contrat. Une nouvelle version s’applique aux ordres commencés après que vous l’avez signée ; d’ici là, vous ne pouvez pas commencer de nouvel ordre.',
      ],
    },
    {
      heading: '12. Résiliation',
      paragraphs: [
        `Vous pouvez mettre fin au présent contrat à tout moment en écrivant à ${company.supportEmail}. Nous pouvons y mettre fin moyennant un préavis de 30 jours, ou immédiatement pour un juste motif, par exemple l’échec d’une vérification selon la section 7. Les ordres payés avant la fin sont exécutés ou remboursés.`,
      ],
    },
    {
      heading: '13. Droit applicable et for',
      paragraphs: [
        'Le présent contrat est régi par le droit suisse, à l’exclusion de ses règles de conflit de lois. Les tribunaux du canton de Zoug, en Suisse, sont compétents, sous réserve des règles impératives qui donnent au consommateur le droit d’agir à son lieu de domicile.',
      ],
    },
  ],
}
