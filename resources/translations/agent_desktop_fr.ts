<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>unknown (not installed as a package)</source>
        <translation>inconnue (non installé en tant que paquet)</translation>
    </message>
    <message>
        <source>About Agent Desktop</source>
        <translation>À propos d&apos;Agent Desktop</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agent Desktop&lt;/b&gt;</source>
        <translation>&lt;b&gt;Agent Desktop&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</source>
        <translation>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Dossier des données</translation>
    </message>
    <message>
        <source>Settings folder</source>
        <translation>Dossier des paramètres</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>Dossier des journaux</translation>
    </message>
    <message>
        <source>{label}:</source>
        <translation>{label} :</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>Open {folder}</source>
        <translation>Ouvrir le {folder}</translation>
    </message>
</context>
<context>
    <name>ActionDialogs</name>
    <message>
        <source>The action failed ({kind}).</source>
        <translation>L&apos;action a échoué ({kind}).</translation>
    </message>
    <message>
        <source>The action failed.</source>
        <translation>L&apos;action a échoué.</translation>
    </message>
    <message>
        <source>Reported by the plugin “{plugin}”.</source>
        <translation>Signalé par le module « {plugin} ».</translation>
    </message>
</context>
<context>
    <name>ActionField</name>
    <message>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>En cours…</translation>
    </message>
</context>
<context>
    <name>ActionFormDialog</name>
    <message>
        <source>Some inputs of this action could not be shown:</source>
        <translation>Certaines entrées de cette action n&apos;ont pas pu être affichées :</translation>
    </message>
</context>
<context>
    <name>ActionProgressDialog</name>
    <message>
        <source>Running “{action}”…</source>
        <translation>Exécution de « {action} »…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>“{action}” failed</source>
        <translation>Échec de « {action} »</translation>
    </message>
</context>
<context>
    <name>AgentBar</name>
    <message>
        <source>Status bar</source>
        <translation>Barre d&apos;état</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Request state</source>
        <translation>État de la requête</translation>
    </message>
    <message>
        <source>{provider} on {server}</source>
        <translation>{provider} sur {server}</translation>
    </message>
    <message>
        <source>Agent “{agent}” is not ready: {error}</source>
        <translation>L&apos;agent « {agent} » n&apos;est pas prêt : {error}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
</context>
<context>
    <name>Agents</name>
    <message>
        <source>Agent {number}</source>
        <translation>Agent {number}</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Add a provider on the Providers page first</source>
        <translation>Ajoutez d&apos;abord un fournisseur dans la page Fournisseurs</translation>
    </message>
    <message>
        <source>Enabled plugins</source>
        <translation>Extensions activées</translation>
    </message>
    <message>
        <source>Unchecked plugins are turned off for this agent.</source>
        <translation>Les extensions non cochées sont désactivées pour cet agent.</translation>
    </message>
    <message>
        <source>{names} has its own field above; set it there.</source>
        <translation>{names} a son propre champ plus haut ; réglez-le là.</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>ID du modèle</translation>
    </message>
    <message>
        <source>{model} (the provider&apos;s default)</source>
        <translation>{model} (par défaut du fournisseur)</translation>
    </message>
</context>
<context>
    <name>AppViewController</name>
    <message>
        <source>The view could not be read: {why}</source>
        <translation>Impossible de lire la vue : {why}</translation>
    </message>
    <message>
        <source>Refused the view&apos;s call to {tool}: {why}</source>
        <translation>Appel de {tool} par la vue refusé : {why}</translation>
    </message>
</context>
<context>
    <name>AppViewPrompts</name>
    <message>
        <source>Open {host}</source>
        <translation>Ouvrir {host}</translation>
    </message>
    <message>
        <source>Open a link?</source>
        <translation>Ouvrir un lien ?</translation>
    </message>
    <message>
        <source>The view of {server} wants to open {url} in your browser.</source>
        <translation>La vue de {server} veut ouvrir {url} dans votre navigateur.</translation>
    </message>
    <message>
        <source>Don&apos;t open</source>
        <translation>Ne pas ouvrir</translation>
    </message>
    <message>
        <source>Send as my message</source>
        <translation>Envoyer comme mon message</translation>
    </message>
    <message>
        <source>Send a message?</source>
        <translation>Envoyer un message ?</translation>
    </message>
    <message>
        <source>The view of {server} wants to send this message as yours:

{text}</source>
        <translation>La vue de {server} veut envoyer ce message en votre nom :

{text}</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>Ne pas envoyer</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Autoriser une fois</translation>
    </message>
    <message>
        <source>Allow for this chat</source>
        <translation>Autoriser pour cette conversation</translation>
    </message>
    <message>
        <source>Allow a tool call?</source>
        <translation>Autoriser un appel d&apos;outil ?</translation>
    </message>
    <message>
        <source>A view wants to run {call}.</source>
        <translation>Une vue veut exécuter {call}.</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
</context>
<context>
    <name>AppViewWidget</name>
    <message>
        <source>Interactive view of {title}</source>
        <translation>Vue interactive de {title}</translation>
    </message>
    <message>
        <source>Blocked: {what}</source>
        <translation>Bloqué : {what}</translation>
    </message>
    <message>
        <source>the app runs as root</source>
        <translation>l&apos;application s&apos;exécute en tant que root</translation>
    </message>
    <message>
        <source>this system allows no user namespaces</source>
        <translation>ce système n&apos;autorise pas les espaces de noms utilisateur</translation>
    </message>
    <message>
        <source>Flatpak&apos;s own sandbox holds the app</source>
        <translation>le bac à sable de Flatpak limite l&apos;application</translation>
    </message>
    <message>
        <source>Chromium&apos;s sandbox is off: {why}. The view&apos;s frame, policy and request filter still hold it.</source>
        <translation>Le bac à sable de Chromium est désactivé : {why}. Le cadre, la politique et le filtre de requêtes de la vue la limitent toujours.</translation>
    </message>
    <message>
        <source>The view stopped: {why}. The chat goes on.</source>
        <translation>La vue s&apos;est arrêtée : {why}. La conversation continue.</translation>
    </message>
    <message>
        <source>Esc leaves full screen</source>
        <translation>Échap quitte le plein écran</translation>
    </message>
    <message>
        <source>Loading the view…</source>
        <translation>Chargement de la vue…</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow once</source>
        <extracomment>The answers, with their buttons&apos; words (translated when the prompt is built).</extracomment>
        <translation>Autoriser une fois</translation>
    </message>
    <message>
        <source>Run this call once</source>
        <translation>Exécuter cet appel une seule fois</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>Autoriser pour cette session</translation>
    </message>
    <message>
        <source>Run this tool without asking until the app quits</source>
        <translation>Exécuter cet outil sans demander jusqu&apos;à la fermeture de l&apos;application</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Toujours autoriser</translation>
    </message>
    <message>
        <source>Never ask again for this tool (revocable in Settings)</source>
        <translation>Ne plus jamais demander pour cet outil (révocable dans les Paramètres)</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <source>Do not run it; the model is told why</source>
        <translation>Ne pas l&apos;exécuter ; le modèle en est informé</translation>
    </message>
    <message>
        <source>It runs on the agent server {server}, not on this computer.</source>
        <translation>Il s&apos;exécute sur le serveur d&apos;agents {server}, pas sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Its definition changed since you approved it: check what it does now.</source>
        <translation>Sa définition a changé depuis votre approbation : vérifiez ce qu&apos;il fait désormais.</translation>
    </message>
    <message>
        <source>It may delete or overwrite things.</source>
        <translation>Il peut supprimer ou écraser des données.</translation>
    </message>
    <message>
        <source>It reaches outside this computer (network).</source>
        <translation>Il accède à l&apos;extérieur de cet ordinateur (réseau).</translation>
    </message>
    <message>
        <source>It describes itself as: “{description}”</source>
        <translation>Il se décrit ainsi : « {description} »</translation>
    </message>
    <message>
        <source>From the MCP server “{server}”: its description and hints are the server&apos;s claims.</source>
        <translation>Du serveur MCP « {server} » : sa description et ses indications sont les affirmations du serveur.</translation>
    </message>
    <message>
        <source>Approve tool {tool_name}</source>
        <translation>Approuver l&apos;outil {tool_name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{tool_name}&lt;/b&gt; wants to run. Allow it? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} to get here)&lt;/span&gt;</source>
        <translation>&lt;b&gt;{tool_name}&lt;/b&gt; veut s&apos;exécuter. L&apos;autoriser ? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} pour venir ici)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Always allow {rule}</source>
        <translation>Toujours autoriser : {rule}</translation>
    </message>
    <message>
        <source>Run this tool without asking for calls like this one (revocable in Settings → Tools)</source>
        <translation>Exécuter cet outil sans demander pour des appels comme celui-ci (révocable dans Paramètres → Outils)</translation>
    </message>
    <message>
        <source>{label}: {tool_name}</source>
        <translation>{label} : {tool_name}</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Motif du refus (facultatif)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Motif du refus</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <source>Change what the call says before you allow it</source>
        <translation>Modifier le contenu de l&apos;appel avant de l&apos;autoriser</translation>
    </message>
    <message>
        <source>Edit before allowing: {tool}</source>
        <translation>Modifier avant d&apos;autoriser : {tool}</translation>
    </message>
    <message>
        <source>Argument {name}</source>
        <translation>Argument {name}</translation>
    </message>
</context>
<context>
    <name>AskSeveralButton</name>
    <message>
        <source>Ask several</source>
        <translation>Interroger plusieurs</translation>
    </message>
    <message>
        <source>Ask several models</source>
        <translation>Interroger plusieurs modèles</translation>
    </message>
    <message>
        <source>Send the message to 2–4 models at once and compare</source>
        <translation>Envoyer le message à 2 à 4 modèles à la fois et comparer</translation>
    </message>
</context>
<context>
    <name>AskSeveralPopup</name>
    <message>
        <source>Ask several models</source>
        <extracomment>Rows the model list shows before it scrolls.</extracomment>
        <translation>Interroger plusieurs modèles</translation>
    </message>
    <message>
        <source>Check {low} to {high} models: the message goes to each of them.</source>
        <translation>Cochez de {low} à {high} modèles : le message est envoyé à chacun.</translation>
    </message>
    <message>
        <source>Models to ask</source>
        <translation>Modèles à interroger</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>État de la liste des modèles</translation>
    </message>
    <message>
        <source>Type the message first (or attach a file): Send waits for it.</source>
        <translation>Saisissez d’abord le message (ou joignez un fichier) : « Envoyer » l’attend.</translation>
    </message>
    <message>
        <source>Your message to each model</source>
        <translation>Votre message à chaque modèle</translation>
    </message>
    <message>
        <source>Message to send</source>
        <translation>Message à envoyer</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>Récupération des modèles…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>Envoyer à %n modèle</numerusform>
            <numerusform>Envoyer à %n modèles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>preparing…</source>
        <translation>préparation…</translation>
    </message>
    <message>
        <source>Attachment {name}, {size}</source>
        <translation>Pièce jointe {name}, {size}</translation>
    </message>
    <message>
        <source>Thumbnail of {name}</source>
        <translation>Miniature de {name}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>Retirer {name}</translation>
    </message>
    <message>
        <source>Remove attachment {name}</source>
        <translation>Retirer la pièce jointe {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentPreview</name>
    <message>
        <source>Attachment {name}</source>
        <translation>Pièce jointe {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>Attachment preview</source>
        <translation>Aperçu de la pièce jointe</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Enregistrer sous…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>Open with the system&apos;s viewer for this kind of file</source>
        <translation>Ouvrir avec la visionneuse du système pour ce type de fichier</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>This picture cannot be shown (its data is missing or damaged).</source>
        <translation>Impossible d&apos;afficher cette image (données manquantes ou endommagées).</translation>
    </message>
    <message>
        <source>Save {name}</source>
        <translation>Enregistrer {name}</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>Écriture de {name}…</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}.</source>
        <translation>Impossible d&apos;écrire {path} : {reason}.</translation>
    </message>
    <message>
        <source>{problem} Choose another place or free some space.</source>
        <translation>{problem} Choisissez un autre emplacement ou libérez de l&apos;espace.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Enregistré dans {path}.</translation>
    </message>
</context>
<context>
    <name>ChatColumn</name>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Session toolbar</source>
        <translation>Barre d&apos;outils de la session</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titre de la conversation</translation>
    </message>
    <message>
        <source>Own instructions</source>
        <translation>Instructions propres</translation>
    </message>
    <message>
        <source>This chat has its own instructions</source>
        <translation>Cette conversation a ses propres instructions</translation>
    </message>
    <message>
        <source>This chat uses its own instructions instead of its agent&apos;s. Click to edit.</source>
        <translation>Cette conversation utilise ses propres instructions au lieu de celles de son agent. Cliquez pour les modifier.</translation>
    </message>
    <message>
        <source>Chat actions menu</source>
        <translation>Menu des actions de la conversation</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <source>Chat actions</source>
        <translation>Actions de la conversation</translation>
    </message>
    <message>
        <source>What the agent&apos;s plugins can do with this chat</source>
        <translation>Ce que les modules de l&apos;agent peuvent faire avec cette conversation</translation>
    </message>
</context>
<context>
    <name>ChatCommands</name>
    <message>
        <source>This chat is kept on its agent server; export works for chats of this computer.</source>
        <translation>Cette conversation est conservée sur son serveur d&apos;agents ; seules les conversations de cet ordinateur peuvent être exportées.</translation>
    </message>
    <message>
        <source>This chat runs on an agent server, and schedules run chats of this computer: use Schedules… to schedule a new chat here instead.</source>
        <translation>Cette conversation s&apos;exécute sur un serveur d&apos;agents, et les planifications exécutent des conversations de cet ordinateur : utilisez Planifications… pour planifier plutôt une nouvelle conversation ici.</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>You</source>
        <extracomment>The rows&apos; headers and tool states, translated where drawn.</extracomment>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>Serveurs d&apos;outils</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>en préparation…</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en attente</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>approbation requise</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>done</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échec</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>refusé</translation>
    </message>
    <message>
        <source>cancelled by you</source>
        <translation>annulée par vous</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>rédaction…</translation>
    </message>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>Raisonnement (%n mot)</numerusform>
            <numerusform>Raisonnement (%n mots)</numerusform>
        </translation>
    </message>
    <message>
        <source>{state} · &lt; {seconds} s</source>
        <translation>{state} · &lt; {seconds} s</translation>
    </message>
    <message>
        <source>{state} · {seconds} s</source>
        <translation>{state} · {seconds} s</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Sortie</translation>
    </message>
</context>
<context>
    <name>ChatLayout</name>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>The server named the model that answered “{server_model}”.</source>
        <translation>Le serveur a nommé « {server_model} » le modèle qui a répondu.</translation>
    </message>
    <message>
        <source>[{kind}: could not be shown]</source>
        <translation>[{kind} : affichage impossible]</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>Enter shows or hides the call&apos;s arguments and output.</source>
        <translation>Entrée affiche ou masque les arguments et la sortie de l&apos;appel.</translation>
    </message>
    <message>
        <source>C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C copie, E modifie, Suppr supprime, Gauche et Droite choisissent une action, Entrée l&apos;exécute ; la touche Menu liste toutes les actions.</translation>
    </message>
    <message>
        <source>C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C copie, R réessaie, Suppr supprime, Gauche et Droite choisissent une action, Entrée l&apos;exécute ; la touche Menu liste toutes les actions.</translation>
    </message>
    <message>
        <source>C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C copie, Suppr supprime, Gauche et Droite choisissent une action, Entrée l&apos;exécute ; la touche Menu liste toutes les actions.</translation>
    </message>
    <message>
        <source>The request failed.</source>
        <translation>La requête a échoué.</translation>
    </message>
</context>
<context>
    <name>ChatSending</name>
    <message>
        <source>Type the message for the models first, then choose them.</source>
        <translation>Saisissez d&apos;abord le message pour les modèles, puis choisissez-les.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Version précédente</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Version suivante</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>{role} message {number}</source>
        <translation>Message {number} de {role}</translation>
    </message>
    <message>
        <source>{role} message</source>
        <translation>Message de {role}</translation>
    </message>
    <message>
        <source>denied by you</source>
        <translation>refusé par vous</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>Code copié</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Actions du message</translation>
    </message>
    <message>
        <source>Fork chat from here</source>
        <translation>Dériver la conversation à partir d&apos;ici</translation>
    </message>
    <message>
        <source>A new chat with the messages up to this one</source>
        <translation>Une nouvelle conversation avec les messages jusqu&apos;à celui-ci</translation>
    </message>
    <message>
        <source>Show all text</source>
        <translation>Afficher tout le texte</translation>
    </message>
    <message>
        <source>Show the view full screen</source>
        <translation>Afficher la vue en plein écran</translation>
    </message>
    <message>
        <source>Message copied</source>
        <translation>Message copié</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>New {noun} id</source>
        <extracomment>Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles. New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one. The config section the entries live in (its unreadable entries are listed on the page).</extracomment>
        <translation>Identifiant du nouveau {noun}</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Add {noun}</source>
        <translation>Ajouter un {noun}</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>No {noun} yet: add one on the left.</source>
        <translation>Aucun {noun} pour l&apos;instant : ajoutez-en un à gauche.</translation>
    </message>
    <message>
        <source>Type an id for the new {noun} first.</source>
        <translation>Saisissez d&apos;abord un identifiant pour le nouvel élément ({noun}).</translation>
    </message>
    <message>
        <source>There is already a {noun} “{entry_id}”.</source>
        <translation>Il existe déjà un élément ({noun}) « {entry_id} ».</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Corrigez d&apos;abord les champs en surbrillance de « {current_id} ».</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Answers side by side</source>
        <translation>Réponses côte à côte</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Close the answers side by side</source>
        <translation>Fermer les réponses côte à côte</translation>
    </message>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>%n modèle répond ; chaque réponse est conservée comme une version (‹ ›).</numerusform>
            <numerusform>%n modèles répondent ; chaque réponse est conservée comme une version (‹ ›).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Completion</name>
    <message>
        <source>Arguments for {command}</source>
        <translation>Arguments de {command}</translation>
    </message>
    <message>
        <source>{command}: arguments</source>
        <translation>{command} : arguments</translation>
    </message>
    <message>
        <source>The prompt {command} failed: {error}</source>
        <translation>Le prompt {command} a échoué : {error}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Drop the files here to attach them to your message</source>
        <translation>Déposez les fichiers ici pour les joindre à votre message</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>Zone de saisie</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problème de pièce jointe</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Joindre des fichiers</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>Arrêter la génération (Échap)</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Arrêter la génération</translation>
    </message>
    <message>
        <source>The attachments are still being prepared; send in a moment.</source>
        <translation>Les pièces jointes sont encore en préparation ; envoyez dans un instant.</translation>
    </message>
    <message>
        <source>Choose files to attach</source>
        <translation>Choisir les fichiers à joindre</translation>
    </message>
    <message>
        <source>Still starting up; attach the files again in a moment.</source>
        <translation>Démarrage en cours ; joignez de nouveau les fichiers dans un instant.</translation>
    </message>
    <message>
        <source>Still starting up; paste the image again in a moment.</source>
        <translation>Démarrage en cours ; collez de nouveau l&apos;image dans un instant.</translation>
    </message>
    <message>
        <source>Could not attach the files: {error}</source>
        <translation>Impossible de joindre les fichiers : {error}</translation>
    </message>
    <message>
        <source>Still starting up; attach it again in a moment.</source>
        <translation>Démarrage en cours ; joignez-le de nouveau dans un instant.</translation>
    </message>
    <message>
        <source>Could not attach it: {error}</source>
        <translation>Impossible de le joindre : {error}</translation>
    </message>
    <message>
        <source>“{name}” is already attached.</source>
        <translation>« {name} » est déjà joint.</translation>
    </message>
    <message>
        <source>“{name}” is already attached (as “{twin}”).</source>
        <translation>« {name} » est déjà joint (sous le nom « {twin} »).</translation>
    </message>
    <message>
        <source>The model {model} does not take images: it would get the message without them. Pick a model marked for images in the model picker.</source>
        <translation>Le modèle {model} n&apos;accepte pas les images : il recevrait le message sans elles. Choisissez dans le sélecteur de modèles un modèle marqué pour les images.</translation>
    </message>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>%n fichier de « {name} » joint.</numerusform>
            <numerusform>%n fichiers de « {name} » joints.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComposerEdit</name>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Message the agent…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>Écrire à l&apos;agent…  (Entrée pour envoyer, Maj+Entrée pour une nouvelle ligne)</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>Ctrl+Entrée pour envoyer</translation>
    </message>
    <message>
        <source>Enter to send, Shift+Enter for a new line</source>
        <translation>Entrée pour envoyer, Maj+Entrée pour une nouvelle ligne</translation>
    </message>
    <message>
        <source>Message the agent…  ({hint})</source>
        <translation>Écrire à l&apos;agent…  ({hint})</translation>
    </message>
</context>
<context>
    <name>ConfirmActionDialog</name>
    <message>
        <source>Run “{action}”?</source>
        <translation>Exécuter « {action} » ?</translation>
    </message>
</context>
<context>
    <name>ConnectServerDialog</name>
    <message>
        <source>Connect to an agent server</source>
        <translation>Se connecter à un serveur d&apos;agents</translation>
    </message>
    <message>
        <source>Chat with an agent that runs on another computer or without a window. Start it there with &apos;agent-desktop serve&apos; and type what it printed.</source>
        <translation>Discutez avec un agent qui tourne sur un autre ordinateur ou sans fenêtre. Démarrez-le là-bas avec &apos;agent-desktop serve&apos; et saisissez ce qu&apos;il a affiché.</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Adresse du serveur</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Jeton d&apos;accès</translation>
    </message>
    <message>
        <source>Start an agent server on this computer…</source>
        <translation>Démarrer un serveur d&apos;agents sur cet ordinateur…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Se connecter</translation>
    </message>
    <message>
        <source>The server&apos;s certificate fingerprint (SHA-256) is {fingerprint}. Check that it is the one &apos;agent-desktop serve&apos; printed, then press Connect to trust it.</source>
        <translation>L&apos;empreinte du certificat du serveur (SHA-256) est {fingerprint}. Vérifiez qu&apos;il s&apos;agit de celle affichée par &apos;agent-desktop serve&apos;, puis cliquez sur Se connecter pour lui faire confiance.</translation>
    </message>
</context>
<context>
    <name>ConversationBinding</name>
    <message>
        <source>Preparing the new chat…</source>
        <translation>Préparation de la nouvelle conversation…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Rédaction…</translation>
    </message>
    <message>
        <source>Approval needed: {tool}</source>
        <translation>Approbation requise : {tool}</translation>
    </message>
    <message>
        <source>Asking several models…</source>
        <translation>Interrogation de plusieurs modèles…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Réflexion…</translation>
    </message>
    <message>
        <source>Answer finished</source>
        <translation>Réponse terminée</translation>
    </message>
    <message>
        <source>Error: {what}</source>
        <translation>Erreur : {what}</translation>
    </message>
    <message>
        <source>Running a tool…</source>
        <translation>Exécution d&apos;un outil…</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool} ({shortcut} to go there)</source>
        <translation>En attente de votre approbation de {tool} ({shortcut} pour y aller)</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool}</source>
        <translation>En attente de votre approbation de {tool}</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Agent Desktop closed unexpectedly last time.</source>
        <translation>Agent Desktop s&apos;est fermé de façon inattendue la dernière fois.</translation>
    </message>
    <message>
        <source>The crash report is on the clipboard (secrets are left out of it).</source>
        <translation>Le rapport de plantage est dans le presse-papiers (sans aucun secret).</translation>
    </message>
    <message>
        <source>No app to show text files was found; open the file above yourself, or copy the report.</source>
        <translation>Aucune application pour afficher les fichiers texte n&apos;a été trouvée ; ouvrez vous-même le fichier ci-dessus ou copiez le rapport.</translation>
    </message>
    <message>
        <source>Its report is kept in {path}; nothing was sent anywhere.</source>
        <translation>Son rapport est conservé dans {path} ; rien n&apos;a été envoyé nulle part.</translation>
    </message>
    <message>
        <source>Its report could not be kept in the log folder; copy it now to keep it.</source>
        <translation>Son rapport n&apos;a pas pu être conservé dans le dossier des journaux ; copiez-le maintenant pour le garder.</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>Copier le rapport</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Ouvrir le rapport</translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message>
        <source>Export all my data</source>
        <translation>Exporter toutes mes données</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>Archives ZIP (*.zip)</translation>
    </message>
    <message>
        <source>Exporting your data…</source>
        <translation>Exportation de vos données…</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>L&apos;exportation a été annulée ; aucun fichier n&apos;a été écrit.</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>L&apos;exportation a échoué : {error}</translation>
    </message>
    <message>
        <source>Exported your data to {path}.</source>
        <translation>Vos données ont été exportées vers {path}.</translation>
    </message>
    <message>
        <source>Secrets written in the settings were left out: {names}. Enter them again on the other computer.</source>
        <translation>Les secrets écrits à la main dans les paramètres ont été laissés de côté : {names}. Saisissez-les à nouveau sur l&apos;autre ordinateur.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>Importer des données</translation>
    </message>
    <message>
        <source>Agent Desktop data (*.zip)</source>
        <translation>Données Agent Desktop (*.zip)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: {error}</source>
        <translation>Rien n&apos;a été importé : {error}</translation>
    </message>
    <message>
        <source>Importing your data…</source>
        <translation>Importation de vos données…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>%n conversation importée.</numerusform>
            <numerusform>%n conversations importées.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DroppedPaths</name>
    <message>
        <source>Drop to install the skill “{name}”, make a project of the folder or attach its files — you choose next</source>
        <translation>Déposez pour installer la compétence « {name} », faire un projet du dossier ou joindre ses fichiers — vous choisirez ensuite</translation>
    </message>
    <message>
        <source>Drop to make a project of “{name}” or attach its files — you choose next</source>
        <translation>Déposez pour faire un projet de « {name} » ou joindre ses fichiers — vous choisirez ensuite</translation>
    </message>
    <message>
        <source>Drop to attach “{name}”, or install the skill it holds — you choose next</source>
        <translation>Déposez pour joindre « {name} » ou installer la compétence qu&apos;il contient — vous choisirez ensuite</translation>
    </message>
    <message>
        <source>Drop: the files are attached; you choose what happens with each folder</source>
        <translation>Déposez : les fichiers sont joints ; vous choisirez quoi faire de chaque dossier</translation>
    </message>
    <message>
        <source>What should happen with “{name}”?</source>
        <translation>Que faire de « {name} » ?</translation>
    </message>
    <message>
        <source>What should happen with the folder “{name}”?</source>
        <translation>Que faire du dossier « {name} » ?</translation>
    </message>
    <message>
        <source>A project keeps its chats together; they work with the folder&apos;s files, its instructions and pinned files.</source>
        <translation>Un projet regroupe ses conversations ; elles travaillent avec les fichiers du dossier, ses instructions et ses fichiers épinglés.</translation>
    </message>
    <message>
        <source>It holds a SKILL.md: as a skill it teaches the agent a task.</source>
        <translation>Il contient un SKILL.md : en tant que compétence, il apprend une tâche à l&apos;agent.</translation>
    </message>
    <message>
        <source>Install as skill</source>
        <translation>Installer comme compétence</translation>
    </message>
    <message>
        <source>Make a project</source>
        <translation>Créer un projet</translation>
    </message>
    <message>
        <source>Attach its files</source>
        <translation>Joindre ses fichiers</translation>
    </message>
    <message>
        <source>“{name}” holds a skill. Install it?</source>
        <translation>« {name} » contient une compétence. L&apos;installer ?</translation>
    </message>
    <message>
        <source>A skill teaches the agent a task; or attach the archive.</source>
        <translation>Une compétence apprend une tâche à l&apos;agent ; ou joignez l&apos;archive.</translation>
    </message>
    <message>
        <source>Attach the archive</source>
        <translation>Joindre l&apos;archive</translation>
    </message>
    <message>
        <source>Made the project “{name}”; its new chat works in {folder}.</source>
        <translation>Le projet « {name} » est créé ; sa nouvelle conversation travaille dans {folder}.</translation>
    </message>
    <message>
        <source>{name} was not installed as a skill.</source>
        <translation>{name} n&apos;a pas été installé comme compétence.</translation>
    </message>
    <message>
        <source>“{name}” holds no files to attach (the folders in it are not).</source>
        <translation>« {name} » ne contient aucun fichier à joindre (ses dossiers ne sont pas joints).</translation>
    </message>
</context>
<context>
    <name>Elicitation</name>
    <message>
        <source>{server} asks for input</source>
        <translation>{server} demande des informations</translation>
    </message>
    <message>
        <source>{server} asks you to open a web page</source>
        <translation>{server} vous demande d&apos;ouvrir une page web</translation>
    </message>
    <message>
        <source>A tool server</source>
        <translation>Un serveur d&apos;outils</translation>
    </message>
    <message>
        <source>{server} is asking for your input</source>
        <translation>{server} vous demande des informations</translation>
    </message>
</context>
<context>
    <name>ElicitationFormDialog</name>
    <message>
        <source>Some fields could not be shown:</source>
        <translation>Certains champs n&apos;ont pas pu être affichés :</translation>
    </message>
</context>
<context>
    <name>ElicitationLinkDialog</name>
    <message>
        <source>The page is on {host}.
Full address: {url}</source>
        <translation>La page est sur {host}.
Adresse complète : {url}</translation>
    </message>
    <message>
        <source>Page address</source>
        <translation>Adresse de la page</translation>
    </message>
</context>
<context>
    <name>EmptyChatHint</name>
    <message>
        <source>Explain some code</source>
        <extracomment>(button, prompt), both in the user&apos;s language when shown: the model answers in it too.</extracomment>
        <translation>Expliquer du code</translation>
    </message>
    <message>
        <source>Explain what this code does, step by step:

</source>
        <translation>Explique pas à pas ce que fait ce code :

</translation>
    </message>
    <message>
        <source>Summarise a file</source>
        <translation>Résumer un fichier</translation>
    </message>
    <message>
        <source>Summarise the attached file in five bullet points.</source>
        <translation>Résume le fichier joint en cinq points.</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>Rédiger un message</translation>
    </message>
    <message>
        <source>Draft a short, friendly message that </source>
        <translation>Rédige un message court et aimable qui </translation>
    </message>
    <message>
        <source>Plan a task</source>
        <translation>Planifier une tâche</translation>
    </message>
    <message>
        <source>Help me plan this task, with the steps in order: </source>
        <translation>Aide-moi à planifier cette tâche, avec les étapes dans l&apos;ordre : </translation>
    </message>
    <message>
        <source>Start a conversation</source>
        <translation>Commencer une conversation</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>Comment puis-je vous aider ?</translation>
    </message>
    <message>
        <source>Type below, drop a file on the window, or start from one of these:</source>
        <translation>Écrivez ci-dessous, déposez un fichier sur la fenêtre ou partez de l&apos;une de ces suggestions :</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Cannot attach {source}: the file does not exist.</source>
        <translation>Impossible de joindre {source} : le fichier n&apos;existe pas.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: {reason}.</source>
        <translation>Impossible de joindre {source} : {reason}.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is a folder, not a file.</source>
        <translation>Impossible de joindre {source} : c&apos;est un dossier, pas un fichier.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is not a regular file.</source>
        <translation>Impossible de joindre {source} : ce n&apos;est pas un fichier ordinaire.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: permission to read it was denied.</source>
        <translation>Impossible de joindre {source} : l&apos;autorisation de le lire a été refusée.</translation>
    </message>
    <message>
        <source>{name} is {shown}, larger than the attachment limit of {limit}. Nothing was stored; attach a smaller file or raise the limit in Settings.</source>
        <translation>{name} fait {shown}, plus que la limite des pièces jointes de {limit}. Rien n&apos;a été enregistré ; joignez un fichier plus petit ou relevez la limite dans les paramètres.</translation>
    </message>
    <message>
        <source>Cannot attach {name}: there is no conversation with id {session_id}.</source>
        <translation>Impossible de joindre {name} : aucune conversation n&apos;a l&apos;identifiant {session_id}.</translation>
    </message>
    <message>
        <source>Could not store {name}: {reason} Nothing was stored.</source>
        <translation>Impossible d&apos;enregistrer {name} : {reason} Rien n&apos;a été enregistré.</translation>
    </message>
    <message>
        <source>There is no attachment with id {asset_id}; it may have been removed.</source>
        <translation>Aucune pièce jointe n&apos;a l&apos;identifiant {asset_id} ; elle a peut-être été supprimée.</translation>
    </message>
    <message>
        <source>The folder holding {name} in the asset store was replaced by a link; it is not read. Attach the file again.</source>
        <translation>Le dossier qui contient {name} dans le stockage des pièces jointes a été remplacé par un lien ; il n&apos;est pas lu. Joignez à nouveau le fichier.</translation>
    </message>
    <message>
        <source>The attachment {name} is no longer in the asset store (its file was removed from disk). Attach it again.</source>
        <translation>La pièce jointe {name} n&apos;est plus dans le stockage des pièces jointes (son fichier a été supprimé du disque). Joignez-la à nouveau.</translation>
    </message>
    <message>
        <source>The stored file of {name} was replaced by a link; it is not read. Attach the file again.</source>
        <translation>Le fichier enregistré de {name} a été remplacé par un lien ; il n&apos;est pas lu. Joignez à nouveau le fichier.</translation>
    </message>
    <message>
        <source>Could not read the attachment {name}: {reason}</source>
        <translation>Impossible de lire la pièce jointe {name} : {reason}</translation>
    </message>
    <message>
        <source>The stored digest {sha256} is malformed; the record is damaged.</source>
        <translation>L&apos;empreinte enregistrée {sha256} est mal formée ; l&apos;enregistrement est endommagé.</translation>
    </message>
    <message>
        <source>The attachment part {name} names no asset and carries no content.</source>
        <translation>La partie jointe {name} ne désigne aucun fichier enregistré et n&apos;a aucun contenu.</translation>
    </message>
    <message>
        <source>The attachment {name} cannot be read: no asset store is open.</source>
        <translation>Impossible de lire la pièce jointe {name} : aucun stockage de pièces jointes n&apos;est ouvert.</translation>
    </message>
    <message>
        <source>The attachment {name} has a malformed data URL.</source>
        <translation>La pièce jointe {name} a une URL de données mal formée.</translation>
    </message>
    <message>
        <source>The attachment {name} has a data URL that is not base64.</source>
        <translation>La pièce jointe {name} a une URL de données qui n&apos;est pas en base64.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat. Wait for it or stop it first.</source>
        <translation>L&apos;agent travaille encore dans cette conversation. Attendez qu&apos;il ait fini ou arrêtez-le d&apos;abord.</translation>
    </message>
    <message>
        <source>“{label}” was cancelled.</source>
        <translation>« {label} » a été annulé.</translation>
    </message>
    <message>
        <source>{path} does not hold a valid conversation ({error}).</source>
        <translation>{path} ne contient pas de conversation valide ({error}).</translation>
    </message>
    <message>
        <source>“{title}” is already in your chats, unchanged: it was opened instead of copied.</source>
        <translation>« {title} » est déjà dans vos discussions, inchangée : elle a été ouverte au lieu d&apos;être copiée.</translation>
    </message>
    <message>
        <source>“{title}”: the chat&apos;s own settings in the file ({names}) were not applied. An imported chat keeps its messages and attachments and uses your settings.</source>
        <translation>« {title} » : les réglages propres à la discussion dans le fichier ({names}) n&apos;ont pas été appliqués. Une discussion importée garde ses messages et pièces jointes et utilise vos réglages.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the file does not exist.</source>
        <translation>Impossible d&apos;importer {path} : le fichier n&apos;existe pas.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it could not be read ({error}).</source>
        <translation>Impossible d&apos;importer {path} : il n&apos;a pas pu être lu ({error}).</translation>
    </message>
    <message>
        <source>Cannot import {path}: {error}, so it was not imported.</source>
        <translation>Impossible d&apos;importer {path} : {error}, il n&apos;a donc pas été importé.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not a JSON session export. Only files exported as JSON by Agent Desktop can be imported (Markdown exports are for reading).</source>
        <translation>Impossible d&apos;importer {path} : ce n&apos;est pas une session exportée en JSON. Seuls les fichiers exportés en JSON par Agent Desktop peuvent être importés (les exports Markdown sont faits pour la lecture).</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not an Agent Desktop session export.</source>
        <translation>Impossible d&apos;importer {path} : ce n&apos;est pas une session exportée par Agent Desktop.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it was written in export version {version}, this app reads version {supported}. Update the app.</source>
        <translation>Impossible d&apos;importer {path} : il a été écrit en version d&apos;export {version}, cette application lit la version {supported}. Mettez l&apos;application à jour.</translation>
    </message>
    <message>
        <source>Cannot import {path}: {reason}, so it was not imported.</source>
        <translation>Impossible d&apos;importer {path} : {reason}, il n&apos;a donc pas été importé.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} is damaged.</source>
        <translation>Impossible d&apos;importer {path} : la pièce jointe {name} est endommagée.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} does not match its checksum.</source>
        <translation>Impossible d&apos;importer {path} : la pièce jointe {name} ne correspond pas à sa somme de contrôle.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({error}). Check that it runs and that this address is right.</source>
        <translation>Le serveur d&apos;agents à l&apos;adresse {url} est injoignable ({error}). Vérifiez qu&apos;il tourne et que l&apos;adresse est juste.</translation>
    </message>
    <message>
        <source>The agent server at {url} presented another certificate than the one pinned when you connected: someone may be in between. If the server&apos;s certificate was renewed, connect again and compare the fingerprint it prints.</source>
        <translation>Le serveur d&apos;agents à l&apos;adresse {url} a présenté un autre certificat que celui épinglé lors de la connexion : quelqu&apos;un s&apos;est peut-être interposé. Si le certificat du serveur a été renouvelé, reconnectez-vous et comparez l&apos;empreinte qu&apos;il affiche.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({kind}). Check that it runs and that this address is right.</source>
        <translation>Le serveur d&apos;agents à l&apos;adresse {url} est injoignable ({kind}). Vérifiez qu&apos;il tourne et que l&apos;adresse est juste.</translation>
    </message>
    <message>
        <source>The agent server at {url} refused the token: it is wrong or was revoked. Connect again with the token the server showed.</source>
        <translation>Le serveur d&apos;agents à l&apos;adresse {url} a refusé le jeton : il est faux ou a été révoqué. Reconnectez-vous avec le jeton que le serveur a affiché.</translation>
    </message>
    <message>
        <source>The agent server at {url} answered {status_code}: {reason}</source>
        <translation>Le serveur d&apos;agents à l&apos;adresse {url} a répondu {status_code} : {reason}</translation>
    </message>
    <message>
        <source>Attachments cannot be sent to the agent server {server_label} from here.</source>
        <translation>Impossible d&apos;envoyer des pièces jointes au serveur d&apos;agents {server_label} depuis ici.</translation>
    </message>
    <message>
        <source>There is no chat with id {session_id}.</source>
        <extracomment>Events whose payload is a live object or only means something inside this process. Where a tool the server runs is said to run (the client&apos;s tool row shows it).</extracomment>
        <translation>Aucune conversation n&apos;a l&apos;identifiant {session_id}.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat: POST /sessions/{session_id}/cancel and wait for its request_finished event before deleting it.</source>
        <translation>L&apos;agent travaille encore dans cette conversation : envoyez POST /sessions/{session_id}/cancel et attendez son événement request_finished avant de la supprimer.</translation>
    </message>
    <message>
        <source>Answers cut off when the app last stopped could not be recovered: {error} They stay in the database for the next start.</source>
        <translation>Les réponses interrompues au dernier arrêt de l&apos;application n&apos;ont pas pu être récupérées : {error} Elles restent dans la base de données pour le prochain démarrage.</translation>
    </message>
    <message>
        <source>Answers were cut off when the app last stopped: {count}. What had arrived was kept and marked as incomplete.</source>
        <translation>Réponses interrompues au dernier arrêt de l&apos;application : {count}. Ce qui était arrivé a été conservé et marqué comme incomplet.</translation>
    </message>
    <message>
        <source>Unknown export format {format}; use &apos;markdown&apos; or &apos;json&apos;.</source>
        <translation>Format d&apos;export inconnu {format} ; utilisez &apos;markdown&apos; ou &apos;json&apos;.</translation>
    </message>
    <message>
        <source>{what} could not be saved because it holds a value that is not plain JSON ({error}). Nothing was changed.</source>
        <translation>{what} n&apos;a pas pu être enregistré car il contient une valeur qui n&apos;est pas du JSON simple ({error}). Rien n&apos;a été modifié.</translation>
    </message>
    <message>
        <source>The session database {path} was written by a newer version of the app (schema {current}; this version knows up to {latest}). It was opened read-only so nothing is lost; update the app to edit it.</source>
        <translation>La base de données des sessions {path} a été écrite par une version plus récente de l&apos;application (schéma {current} ; cette version connaît jusqu&apos;au {latest}). Elle a été ouverte en lecture seule pour ne rien perdre ; mettez l&apos;application à jour pour la modifier.</translation>
    </message>
    <message>
        <source>A copy was kept as {name}.</source>
        <translation>Une copie a été conservée sous le nom {name}.</translation>
    </message>
    <message>
        <source>Upgrading the session database {path} to schema {version} failed ({error}). It was left at schema {schema_version} and opened read-only.{kept}</source>
        <translation>La mise à niveau de la base de données des sessions {path} vers le schéma {version} a échoué ({error}). Elle est restée au schéma {schema_version} et a été ouverte en lecture seule.{kept}</translation>
    </message>
    <message>
        <source>The session database is healthy; there is nothing to replace.</source>
        <translation>La base de données des sessions est saine ; il n&apos;y a rien à remplacer.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason}</source>
        <translation>Impossible d&apos;enregistrer {what} : {reason}</translation>
    </message>
    <message>
        <source>the database is read-only.</source>
        <translation>la base de données est en lecture seule.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason} The previous version is kept unchanged.</source>
        <translation>Impossible d&apos;enregistrer {what} : {reason} La version précédente est conservée telle quelle.</translation>
    </message>
    <message>
        <source>Could not save {label}: it changed while this change was being made ({stored} messages stored, {expected_message_count} expected). Nothing was overwritten; try again.</source>
        <translation>Impossible d&apos;enregistrer {label} : il a changé pendant que cette modification était faite ({stored} messages enregistrés, {expected_message_count} attendus). Rien n&apos;a été écrasé ; réessayez.</translation>
    </message>
    <message>
        <source>The message could not be saved: it is not a valid message ({error}). Nothing was changed.</source>
        <translation>Impossible d&apos;enregistrer le message : ce n&apos;est pas un message valide ({error}). Rien n&apos;a été modifié.</translation>
    </message>
    <message>
        <source>Message {number} of the conversation is no longer stored (the message or its conversation was deleted); nothing was written.</source>
        <translation>Le message {number} de la conversation n&apos;est plus enregistré (le message ou sa conversation a été supprimé) ; rien n&apos;a été écrit.</translation>
    </message>
    <message>
        <source>Part of the session database {path} is damaged and could not be read ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>Une partie de la base de données des sessions {path} est endommagée et n&apos;a pas pu être lue ({error}). Redémarrez l&apos;application : elle garde une copie du fichier et ouvre ce qui peut encore être lu.</translation>
    </message>
    <message>
        <source>Searching the session database {path} failed because part of it is damaged ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>La recherche dans la base de données des sessions {path} a échoué car une partie est endommagée ({error}). Redémarrez l&apos;application : elle garde une copie du fichier et ouvre ce qui peut encore être lu.</translation>
    </message>
    <message>
        <source>There is no conversation with id {session_id}; it may have been deleted.</source>
        <translation>Aucune conversation n&apos;a l&apos;identifiant {session_id} ; elle a peut-être été supprimée.</translation>
    </message>
    <message>
        <source>Every tool server is ready now.</source>
        <translation>Tous les serveurs d&apos;outils sont prêts.</translation>
    </message>
    <message>
        <source>The agent is still working in this conversation. Wait for it to finish or stop it, then send again.</source>
        <translation>L&apos;agent travaille encore dans cette conversation. Attendez qu&apos;il ait fini ou arrêtez-le, puis renvoyez.</translation>
    </message>
    <message>
        <source>Stopped after {rounds} rounds of tool calls (the limit set in Settings → Tools). Send a message to let the agent continue.</source>
        <translation>Arrêté après {rounds} tours d&apos;appels d&apos;outils (la limite fixée dans Paramètres → Outils). Envoyez un message pour que l&apos;agent continue.</translation>
    </message>
    <message>
        <source>Parameters for action &apos;{action_id}&apos; must be an object, not {kind}.</source>
        <translation>Les paramètres de l&apos;action &apos;{action_id}&apos; doivent être un objet, pas {kind}.</translation>
    </message>
    <message>
        <source>Invalid parameters for action &apos;{action_id}&apos;: {listing}.</source>
        <translation>Paramètres non valides pour l&apos;action &apos;{action_id}&apos; : {listing}.</translation>
    </message>
    <message>
        <source>turned off for this request</source>
        <translation>désactivé pour cette requête</translation>
    </message>
    <message>
        <source>The plugin &apos;{plugin}&apos; failed in {hook} and was {left_out}: {detail}</source>
        <translation>Le module &apos;{plugin}&apos; a échoué dans {hook} et a été {left_out} : {detail}</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>laissé de côté</translation>
    </message>
    <message>
        <source>its tools were left out of this request</source>
        <translation>ses outils ont été retirés de cette requête</translation>
    </message>
    <message>
        <source>No provider is registered; register one before requests.</source>
        <translation>Aucun fournisseur n&apos;est enregistré ; enregistrez-en un avant les requêtes.</translation>
    </message>
    <message>
        <source>No provider named &apos;{name}&apos; is registered. Registered providers: {providers}.</source>
        <translation>Aucun fournisseur nommé &apos;{name}&apos; n&apos;est enregistré. Fournisseurs enregistrés : {providers}.</translation>
    </message>
    <message>
        <source>in the way, so no {trigger} action ran</source>
        <translation>un obstacle, donc aucune action {trigger} n&apos;a été lancée</translation>
    </message>
    <message>
        <source>skipped for {trigger}</source>
        <translation>ignoré pour {trigger}</translation>
    </message>
    <message>
        <source>There is no agent {key} in the config (known agents: {known}). Pick another agent or add this one in Settings.</source>
        <translation>Il n&apos;y a pas d&apos;agent {key} dans la configuration (agents connus : {known}). Choisissez un autre agent ou ajoutez celui-ci dans les paramètres.</translation>
    </message>
    <message>
        <source>This chat uses the provider {provider}, which is no longer configured. Pick another model for the chat in the model picker, or add the provider again under Settings → Providers.</source>
        <extracomment>How a setting reads a value from the environment, the same in every language (a value of the marked sentences, not part of their text: its braces are not a field of theirs). Keys `build_agent_config` adds to the flat config besides the provider&apos;s and agent&apos;s own.</extracomment>
        <translation>Cette discussion utilise le fournisseur {provider}, qui n&apos;est plus configuré. Choisissez un autre modèle pour la discussion dans le sélecteur de modèle, ou ajoutez de nouveau le fournisseur dans Paramètres → Fournisseurs.</translation>
    </message>
    <message>
        <source>Agent {agent} uses the provider {provider}, which is not configured. Add it under Settings → Providers or pick another provider for the agent.</source>
        <translation>L&apos;agent {agent} utilise le fournisseur {provider}, qui n&apos;est pas configuré. Ajoutez-le dans Paramètres → Fournisseurs ou choisissez un autre fournisseur pour l&apos;agent.</translation>
    </message>
    <message>
        <source>{setting} refers to the environment variable {name}, which is not set. Set it before starting the app, or store the key in Settings instead.</source>
        <translation>{setting} fait référence à la variable d&apos;environnement {name}, qui n&apos;est pas définie. Définissez-la avant de lancer l&apos;application, ou enregistrez plutôt la clé dans les Paramètres.</translation>
    </message>
    <message>
        <source>{setting} refers to a keyring secret; none is open.</source>
        <translation>{setting} fait référence à un secret du trousseau, mais aucun n&apos;est ouvert.</translation>
    </message>
    <message>
        <source>{setting} could not be read: {error}</source>
        <translation>{setting} n&apos;a pas pu être lu : {error}</translation>
    </message>
    <message>
        <source>{setting} refers to the keyring secret {name}, which is not stored (a key kept for one session only is gone after a restart). Enter the key again in Settings → Providers, or use {reference} to read it from the environment.</source>
        <translation>{setting} fait référence au secret du trousseau {name}, qui n&apos;est pas enregistré (une clé gardée pour une seule session disparaît au redémarrage). Saisissez de nouveau la clé dans Paramètres → Fournisseurs, ou utilisez {reference} pour la lire depuis l&apos;environnement.</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>La clé d&apos;API</translation>
    </message>
    <message>
        <source>The setting {path}</source>
        <translation>Le réglage {path}</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). They must be entered again after a restart, or referenced as {reference}.</source>
        <translation>Gardé pour cette session seulement, non enregistré : {names} ({reasons}). Il faudra les saisir de nouveau après un redémarrage, ou y faire référence avec {reference}.</translation>
    </message>
    <message>
        <source>Left in the config file as you wrote them, since no keyring can take them: {names}. Unlock or install a keyring to move them there, or reference them as {reference}.</source>
        <translation>Laissés dans le fichier de configuration tels que vous les avez écrits, car aucun trousseau ne peut les recevoir : {names}. Déverrouillez ou installez un trousseau pour les y déplacer, ou faites-y référence avec {reference}.</translation>
    </message>
    <message>
        <source>Some entries of {path} could not be read and were set aside ({details}). Everything else is used; the set-aside entries stay in the file unchanged. {copy} Fix or remove them there.</source>
        <translation>Certaines entrées de {path} n&apos;ont pas pu être lues et ont été mises de côté ({details}). Tout le reste est utilisé ; les entrées mises de côté restent inchangées dans le fichier. {copy} Corrigez-les ou supprimez-les là.</translation>
    </message>
    <message>
        <source>The config file could not be rewritten ({error}); the change is used for this run and saved with the next change in Settings.</source>
        <translation>Le fichier de configuration n&apos;a pas pu être réécrit ({error}) ; la modification est utilisée pour cette exécution et enregistrée avec la prochaine modification dans les Paramètres.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} of its provider; they were moved to the provider {provider}, where they belong.</source>
        <translation>L&apos;agent {agent} contenait {keys} de son fournisseur ; ils ont été déplacés vers le fournisseur {provider}, où ils ont leur place.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} for a provider; they were removed (its provider entry has its own). Check Settings → Providers.</source>
        <translation>L&apos;agent {agent} contenait {keys} pour un fournisseur ; ils ont été supprimés (l&apos;entrée de son fournisseur a les siens). Vérifiez Paramètres → Fournisseurs.</translation>
    </message>
    <message>
        <source>{path} holds plaintext secrets ({names}). They could not be moved to a keyring because none is available, so the file was left unchanged; they are used from memory for this run. They stay in the file until a keyring can take them.</source>
        <translation>{path} contient des secrets en clair ({names}). Ils n&apos;ont pas pu être déplacés vers un trousseau, car aucun n&apos;est disponible : le fichier est resté inchangé et ils sont utilisés depuis la mémoire pour cette session. Ils restent dans le fichier jusqu&apos;à ce qu&apos;un trousseau puisse les recevoir.</translation>
    </message>
    <message>
        <source>Plaintext secrets in {path} could not be moved to the keyring: {error}</source>
        <translation>Les secrets en clair de {path} n&apos;ont pas pu être déplacés vers le trousseau : {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}), but the file could not be rewritten: {error}</source>
        <translation>Les secrets en clair de {path} ont été déplacés vers le trousseau système ({names}), mais le fichier n&apos;a pas pu être réécrit : {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}); the file now holds references instead.</source>
        <translation>Les secrets en clair de {path} ont été déplacés vers le trousseau système ({names}) ; le fichier contient désormais des références à la place.</translation>
    </message>
    <message>
        <source>you chose this session only</source>
        <translation>vous avez choisi cette session seulement</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <extracomment>The first sentences of `probe_keyring`&apos;s answers, which `SecretStore.headline` cuts out: marked too, so the window can show a headline in its own language.</extracomment>
        <translation>Aucun trousseau système n&apos;est disponible.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}).</source>
        <translation>Le trousseau système ne peut pas être utilisé ({reason}).</translation>
    </message>
    <message>
        <source>No system keyring is available</source>
        <translation>Aucun trousseau système n&apos;est disponible</translation>
    </message>
    <message>
        <source>No system keyring is available. API keys are kept in memory for this run only and must be entered again after a restart. Install and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>Aucun trousseau système n&apos;est disponible. Les clés d&apos;API sont gardées en mémoire pour cette exécution seulement et devront être saisies à nouveau après un redémarrage. Installez et déverrouillez un service de trousseau (par exemple GNOME Keyring ou KWallet) pour les conserver.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}). API keys are kept in memory for this run only. Unlock or repair the keyring and restart to keep them.</source>
        <translation>Le trousseau système ne peut pas être utilisé ({reason}). Les clés d&apos;API sont gardées en mémoire pour cette exécution seulement. Déverrouillez ou réparez le trousseau, puis redémarrez pour les conserver.</translation>
    </message>
    <message>
        <source>{path} could not be read ({error}); fix or remove it, then export again.</source>
        <extracomment>What an archive may unpack to, all members together: a zip bomb is refused before reading. The parts an import may take, each with its own checkbox.</extracomment>
        <translation>Impossible de lire {path} ({error}) ; corrigez ou supprimez ce fichier, puis exportez à nouveau.</translation>
    </message>
    <message>
        <source>{path} does not exist; choose the file again.</source>
        <extracomment>The settings to apply, when the user chose them (through the application&apos;s settings change: checked, written whole or not at all, announced to the window).</extracomment>
        <translation>{path} n&apos;existe pas ; choisissez à nouveau le fichier.</translation>
    </message>
    <message>
        <source>{archive} is not a zip file ({error}); choose a file made by Export all my data.</source>
        <translation>{archive} n&apos;est pas un fichier zip ({error}) ; choisissez un fichier créé par « Exporter toutes mes données ».</translation>
    </message>
    <message>
        <source>{archive} holds {count} files, more than an export of Agent Desktop can ({limit}); it was not imported.</source>
        <translation>{archive} contient {count} fichiers, plus qu&apos;un export d&apos;Agent Desktop ne peut en contenir ({limit}) ; il n&apos;a pas été importé.</translation>
    </message>
    <message>
        <source>{archive} would unpack to {total} bytes, more than the {limit} an import takes; it was not imported. Export again on the other computer.</source>
        <translation>{archive} occuperait {total} octets une fois décompressé, plus que les {limit} qu&apos;accepte une importation ; il n&apos;a pas été importé. Exportez à nouveau sur l&apos;autre ordinateur.</translation>
    </message>
    <message>
        <source>{archive} holds a file whose path leaves its folder ({member}); it is not an export of Agent Desktop and was not imported.</source>
        <translation>{archive} contient un fichier dont le chemin sort de son dossier ({member}) ; ce n&apos;est pas un export d&apos;Agent Desktop et il n&apos;a pas été importé.</translation>
    </message>
    <message>
        <source>{archive}: {member} is damaged ({error}); export again.</source>
        <translation>{archive} : {member} est endommagé ({error}) ; exportez à nouveau.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not valid JSON ({error}); export again.</source>
        <translation>{archive} : {member} n&apos;est pas du JSON valide ({error}) ; exportez à nouveau.</translation>
    </message>
    <message>
        <source>{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a file made by File → Export all my data.</source>
        <translation>{archive} n&apos;a pas de manifest.json : ce n&apos;est pas un export d&apos;Agent Desktop. Choisissez un fichier créé par « Fichier → Exporter toutes mes données ».</translation>
    </message>
    <message>
        <source>{archive}: its manifest does not name the format {format}; it is not an export of Agent Desktop.</source>
        <translation>{archive} : son manifeste n&apos;indique pas le format {format} ; ce n&apos;est pas un export d&apos;Agent Desktop.</translation>
    </message>
    <message>
        <source>{archive}: its manifest&apos;s version {version} is not a version.</source>
        <translation>{archive} : la version {version} de son manifeste n&apos;est pas une version valide.</translation>
    </message>
    <message>
        <source>{archive} was written by a newer Agent Desktop (format version {version}); this one reads up to version {supported}. Update the app, then import it.</source>
        <translation>{archive} a été écrit par un Agent Desktop plus récent (version de format {version}) ; celui-ci lit jusqu&apos;à la version {supported}. Mettez à jour l&apos;application, puis importez-le.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not a JSON object; export again.</source>
        <translation>{archive} : {member} n&apos;est pas un objet JSON ; exportez à nouveau.</translation>
    </message>
    <message>
        <source>{archive}: {member} has no list of {key}; export again.</source>
        <translation>{archive} : {member} n&apos;a pas de liste « {key} » ; exportez à nouveau.</translation>
    </message>
    <message>
        <source>Memory was not imported: {reason}</source>
        <translation>La mémoire n&apos;a pas été importée : {reason}</translation>
    </message>
    <message>
        <source>The skill {name} was not installed: {reason}</source>
        <translation>La compétence {name} n&apos;a pas été installée : {reason}</translation>
    </message>
    <message>
        <source>The project {name} was not added: its folder {folder} is not on this computer. Make it again from its folder (drop the folder on the window).</source>
        <translation>Le projet {name} n&apos;a pas été ajouté : son dossier {folder} n&apos;est pas sur cet ordinateur. Recréez-le à partir de son dossier (déposez le dossier sur la fenêtre).</translation>
    </message>
    <message>
        <source>A schedule was not imported: {error}</source>
        <translation>Une planification n&apos;a pas été importée : {error}</translation>
    </message>
    <message>
        <source>Imported schedules are off: turn them on in Session → Schedules.</source>
        <translation>Les planifications importées sont désactivées : activez-les dans Session → Planifications.</translation>
    </message>
    <message>
        <source>Tool servers were not imported: a file never decides what runs on this computer. Add them again in Settings → Tool servers.</source>
        <translation>Les serveurs d&apos;outils n&apos;ont pas été importés : un fichier ne décide jamais de ce qui s&apos;exécute sur cet ordinateur. Ajoutez-les de nouveau dans Paramètres → Serveurs d&apos;outils.</translation>
    </message>
    <message>
        <source>The setting {name} was not imported: its value is not valid.</source>
        <translation>Le réglage {name} n&apos;a pas été importé : sa valeur n&apos;est pas valide.</translation>
    </message>
    <message>
        <source>The API key of {named} is no longer stored (a key kept for one session only is gone after a restart). Enter it again in Settings → Providers.</source>
        <translation>La clé d&apos;API de {named} n&apos;est plus enregistrée (une clé gardée pour une seule session disparaît au redémarrage). Saisissez-la de nouveau dans Paramètres → Fournisseurs.</translation>
    </message>
    <message>
        <source>The API keys of {named} are no longer stored (a key kept for one session only is gone after a restart). Enter them again in Settings → Providers.</source>
        <translation>Les clés d&apos;API de {named} ne sont plus enregistrées (une clé gardée pour une seule session disparaît au redémarrage). Saisissez-les de nouveau dans Paramètres → Fournisseurs.</translation>
    </message>
    <message>
        <source>Plugins could not be looked for ({error}); the app starts without them. Details are in the log.</source>
        <translation>Les extensions n&apos;ont pas pu être recherchées ({error}) ; l&apos;application démarre sans elles. Les détails sont dans le journal.</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) was not loaded: {error}</source>
        <translation>Le module {name} ({source}) n&apos;a pas été chargé : {error}</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) failed as it started: {error}</source>
        <translation>Le module {name} ({source}) a échoué à son démarrage : {error}</translation>
    </message>
    <message>
        <source>The plugin {name} could not be registered: {error}</source>
        <translation>Le module {name} n&apos;a pas pu être enregistré : {error}</translation>
    </message>
    <message>
        <source>{error} It is no longer used; remove it there when you can.</source>
        <extracomment>{secret name: new value, or None to delete} Secret names the user chose to keep for this session only. `ToolRule.rule_id`s of argument rules the user revoked. The config&apos;s whole new `plugins` list (plugin sources), or None to keep it. The config&apos;s whole new `disabled_plugins` list (off for every agent), or None to keep it. (provider plugin name) -&gt; that plugin&apos;s `get_config_schema()` dict, or None when not loaded. Its `get_config_schema()`: {dotted key: {type, required, default, …}}. JSON-schema type -&gt; (Python types, what the user is told to enter).</extracomment>
        <translation>{error} Il n&apos;est plus utilisé ; supprimez-le de là dès que possible.</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). After a restart enter them again, or reference an environment variable with {reference}.</source>
        <translation>Gardé pour cette session seulement, non enregistré : {names} ({reasons}). Après un redémarrage, saisissez-le de nouveau, ou faites référence à une variable d&apos;environnement avec {reference}.</translation>
    </message>
    <message>
        <source>the environment variable {name} of “{title}”</source>
        <translation>la variable d&apos;environnement {name} de « {title} »</translation>
    </message>
    <message>
        <source>the header {name} of “{title}”</source>
        <translation>l&apos;en-tête {name} de « {title} »</translation>
    </message>
    <message>
        <source>the API key of “{title}”</source>
        <translation>la clé d&apos;API de « {title} »</translation>
    </message>
    <message>
        <source>The user denied this tool call: {reason}</source>
        <extracomment>The arguments the user edited before allowing the call; None runs it as the model wrote.</extracomment>
        <translation>L&apos;utilisateur a refusé cet appel d&apos;outil : {reason}</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>L&apos;utilisateur a refusé cet appel d&apos;outil.</translation>
    </message>
    <message>
        <source>The tool call was not run: {reason}</source>
        <translation>L&apos;appel d&apos;outil n&apos;a pas été exécuté : {reason}</translation>
    </message>
    <message>
        <source>The required argument &apos;{name}&apos; is missing.</source>
        <translation>L&apos;argument obligatoire « {name} » est manquant.</translation>
    </message>
    <message>
        <source>The tool does not take an argument &apos;{name}&apos;.</source>
        <translation>L&apos;outil n&apos;accepte pas d&apos;argument « {name} ».</translation>
    </message>
    <message>
        <source>Send the call again with the arguments the tool takes: {names}.</source>
        <translation>Renvoyez l&apos;appel avec les arguments que l&apos;outil accepte : {names}.</translation>
    </message>
    <message>
        <source>Send the call again without arguments.</source>
        <translation>Renvoyez l&apos;appel sans arguments.</translation>
    </message>
    <message>
        <source>Error: the call to tool &apos;{tool}&apos; was not run: its arguments do not fit the tool&apos;s parameters.</source>
        <translation>Erreur : l&apos;appel de l&apos;outil « {tool} » n&apos;a pas été exécuté : ses arguments ne correspondent pas aux paramètres de l&apos;outil.</translation>
    </message>
</context>
<context>
    <name>FirstRunFlow</name>
    <message>
        <source>Could not look for local servers: {error}</source>
        <translation>Impossible de rechercher des serveurs locaux : {error}</translation>
    </message>
</context>
<context>
    <name>Forms</name>
    <message>
        <source>(not set)</source>
        <translation>(non défini)</translation>
    </message>
    <message>
        <source>See the note above.</source>
        <translation>Voir la note ci-dessus.</translation>
    </message>
    <message>
        <source>Not valid JSON (line {line}, column {column}): {error}.</source>
        <extracomment>Longer captions wrap, so the fields keep their room in a narrow window.</extracomment>
        <translation>JSON non valide (ligne {line}, colonne {column}) : {error}.</translation>
    </message>
    <message>
        <source>Enter a JSON object.</source>
        <translation>Saisissez un objet JSON.</translation>
    </message>
    <message>
        <source>Enter a JSON array.</source>
        <translation>Saisissez un tableau JSON.</translation>
    </message>
    <message>
        <source>This cannot be split into words: {error}. Close the quote.</source>
        <translation>Impossible de découper en mots : {error}. Fermez le guillemet.</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <translation>Aucun trousseau système n&apos;est disponible.</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Non défini</translation>
    </message>
    <message>
        <source>Type a new key to replace the stored one</source>
        <translation>Saisissez une nouvelle clé pour remplacer celle enregistrée</translation>
    </message>
    <message>
        <source>Secrets cannot be stored here: no keyring is connected to this form.</source>
        <translation>Impossible d&apos;enregistrer des secrets ici : aucun trousseau n&apos;est relié à ce formulaire.</translation>
    </message>
    <message>
        <source>For values ticked Secret: {problem}</source>
        <translation>Pour les valeurs cochées Secret : {problem}</translation>
    </message>
    <message>
        <source>Every value needs a name.</source>
        <translation>Chaque valeur doit avoir un nom.</translation>
    </message>
    <message>
        <source>Each name once: {names} appears more than once.</source>
        <translation>Chaque nom une seule fois : {names} apparaît plusieurs fois.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Choisir un dossier…</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>Choisir un fichier…</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>Identifiant du modèle</translation>
    </message>
    <message>
        <source>{field} is required.</source>
        <translation>{field} est obligatoire.</translation>
    </message>
</context>
<context>
    <name>FullTextViewer</name>
    <message>
        <source>{title}, whole text</source>
        <translation>{title}, texte intégral</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>Loading state</source>
        <translation>État du chargement</translation>
    </message>
    <message>
        <source>Whole text</source>
        <translation>Texte intégral</translation>
    </message>
    <message>
        <source>{characters} characters · {lines} lines</source>
        <translation>{characters} caractères · {lines} lignes</translation>
    </message>
    <message>
        <source>“{word}” first found on line {line}</source>
        <translation>« {word} » apparaît d&apos;abord à la ligne {line}</translation>
    </message>
    <message>
        <source>Loading… {percent} %</source>
        <translation>Chargement… {percent} %</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source>How the app looks and behaves.</source>
        <translation>L&apos;apparence et le comportement de l&apos;application.</translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message>
        <source>Import data</source>
        <translation>Importer des données</translation>
    </message>
    <message>
        <source>{file} holds the data below. Choose what to add to this computer&apos;s.</source>
        <translation>{file} contient les données ci-dessous. Choisissez ce qui doit être ajouté à celles de cet ordinateur.</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n conversation</numerusform>
            <numerusform>%n conversations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>%n élément mémorisé</numerusform>
            <numerusform>%n éléments mémorisés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n projet</numerusform>
            <numerusform>%n projets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>%n compétence</numerusform>
            <numerusform>%n compétences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>%n planification, importée désactivée</numerusform>
            <numerusform>%n planifications, importées désactivées</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings, providers and agents (replace yours where they differ)</source>
        <translation>Paramètres, fournisseurs et agents (remplacent les vôtres là où ils diffèrent)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importer</translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message>
        <source>Server list to import</source>
        <translation>Liste des serveurs à importer</translation>
    </message>
    <message>
        <source>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files work.</source>
        <translation>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Les fichiers de Claude Desktop, Cursor, Cline, VS Code (servers) et Goose (extensions) sont acceptés.</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>From a file…</source>
        <translation>Depuis un fichier…</translation>
    </message>
    <message>
        <source>Read another app&apos;s MCP configuration file</source>
        <translation>Lire le fichier de configuration MCP d&apos;une autre application</translation>
    </message>
    <message>
        <source>Add these servers</source>
        <translation>Ajouter ces serveurs</translation>
    </message>
    <message>
        <source>Import preview</source>
        <translation>Aperçu de l&apos;importation</translation>
    </message>
    <message>
        <source>Import MCP servers from a file</source>
        <translation>Importer des serveurs MCP depuis un fichier</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Fichiers JSON (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>Ajouter %n serveur</numerusform>
            <numerusform>Ajouter %n serveurs</numerusform>
        </translation>
    </message>
    <message>
        <source>“{name}” is larger than an MCP configuration file can be (over 1 MB); choose the app&apos;s MCP settings file.</source>
        <translation>« {name} » est plus volumineux qu&apos;un fichier de configuration MCP ne peut l&apos;être (plus de 1 Mo) ; choisissez le fichier de paramètres MCP de l&apos;application.</translation>
    </message>
    <message>
        <source>Could not read “{name}”: {error}. Choose another file or paste its text.</source>
        <translation>Impossible de lire « {name} » : {error}. Choisissez un autre fichier ou collez son texte.</translation>
    </message>
</context>
<context>
    <name>InstructionsDialog</name>
    <message>
        <source>Chat instructions</source>
        <translation>Instructions de la conversation</translation>
    </message>
    <message>
        <source>The model reads these before every message of this chat. They replace the agent&apos;s instructions for this chat only.</source>
        <translation>Le modèle les lit avant chaque message de cette conversation. Elles remplacent les instructions de l&apos;agent pour cette conversation uniquement.</translation>
    </message>
    <message>
        <source>Instructions for this chat</source>
        <translation>Instructions de cette conversation</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions:

{instructions}</source>
        <translation>Vide : cette conversation utilise les instructions de son agent :

{instructions}</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions (it has none).</source>
        <translation>Vide : cette conversation utilise les instructions de son agent (il n&apos;en a pas).</translation>
    </message>
    <message>
        <source>Use the agent&apos;s</source>
        <translation>Utiliser celles de l&apos;agent</translation>
    </message>
    <message>
        <source>Remove this chat&apos;s own instructions</source>
        <translation>Retirer les instructions propres à cette conversation</translation>
    </message>
    <message>
        <source>Instructions of {name}</source>
        <translation>Instructions de {name}</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <translation>Instructions du projet</translation>
    </message>
</context>
<context>
    <name>LinkedItems</name>
    <message>
        <source>This row links to {href}, which the app cannot open.</source>
        <translation>Cette ligne renvoie vers {href}, que l&apos;application ne peut pas ouvrir.</translation>
    </message>
    <message>
        <source>Only a file of one of your projects opens from a chat.</source>
        <translation>Seul un fichier de l&apos;un de vos projets s&apos;ouvre depuis une conversation.</translation>
    </message>
    <message>
        <source>No app here opens {name}.</source>
        <translation>Aucune application ici n&apos;ouvre {name}.</translation>
    </message>
    <message>
        <source>Settings has no Memory page: the memory plugin is turned off.</source>
        <translation>Les paramètres n&apos;ont pas de page Mémoire : le module de mémoire est désactivé.</translation>
    </message>
    <message>
        <source>That remembered item was deleted.</source>
        <translation>Cet élément mémorisé a été supprimé.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
</context>
<context>
    <name>MarkdownRender</name>
    <message>
        <source>Copy</source>
        <extracomment>Held while markdown-it or Pygments import a module or fill one of their lazy caches.</extracomment>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Drawing diagram…</source>
        <translation>Dessin du diagramme…</translation>
    </message>
    <message>
        <source>Copy source</source>
        <translation>Copier la source</translation>
    </message>
</context>
<context>
    <name>McpServerTrustList</name>
    <message>
        <source>MCP server trust</source>
        <translation>Confiance envers les serveurs MCP</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Import JSON…</source>
        <translation>Importer du JSON…</translation>
    </message>
    <message>
        <source>Paste an mcpServers block from another app&apos;s config</source>
        <translation>Coller un bloc mcpServers issu de la configuration d&apos;une autre application</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Corrigez d&apos;abord les champs en surbrillance de « {current_id} ».</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>aucune raison indiquée</translation>
    </message>
    <message>
        <source>Could not connect: {reason}</source>
        <translation>Connexion impossible : {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>Connecté : %n outil ({tools}).</numerusform>
            <numerusform>Connecté : %n outils ({tools}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>Connecté.</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Editing an earlier message: sending starts a new version of the chat from there; the current one stays (switch with ‹ › on the message).</source>
        <translation>Modification d&apos;un message antérieur : l&apos;envoi démarre une nouvelle version de la conversation à partir de là ; la version actuelle est conservée (passez de l&apos;une à l&apos;autre avec ‹ › sur le message).</translation>
    </message>
    <message>
        <source>Its attachments go with it: {files}.</source>
        <translation>Ses pièces jointes le suivent : {files}.</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <translation>{title} (dérivée)</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>Forking the chat…</source>
        <translation>Dérivation de la conversation…</translation>
    </message>
    <message>
        <source>Could not fork the chat: {error}</source>
        <translation>Impossible de dériver la conversation : {error}</translation>
    </message>
    <message>
        <source>Forked into “{title}”.</source>
        <translation>Dérivée dans « {title} ».</translation>
    </message>
    <message>
        <source>This chat has no code block to copy.</source>
        <translation>Cette conversation ne contient aucun bloc de code à copier.</translation>
    </message>
    <message>
        <source>This chat has its own instructions.</source>
        <translation>Cette conversation a ses propres instructions.</translation>
    </message>
    <message>
        <source>This chat uses its agent&apos;s instructions.</source>
        <translation>Cette conversation utilise les instructions de son agent.</translation>
    </message>
</context>
<context>
    <name>MessageBody</name>
    <message>
        <source>{size} MB</source>
        <translation>{size} Mo</translation>
    </message>
    <message>
        <source>{size} KB</source>
        <translation>{size} Ko</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} lignes</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>images</source>
        <extracomment>The widest the button grows; a longer id is cut at its end (its start says which model).</extracomment>
        <translation>images</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>outils</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>raisonnement</translation>
    </message>
    <message>
        <source>{size}k context</source>
        <translation>contexte de {size}k</translation>
    </message>
    <message>
        <source>${given:.2f} / ${answered:.2f} per M tokens</source>
        <translation>${given:.2f} / ${answered:.2f} par million de jetons</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Model for this chat</source>
        <translation>Modèle de cette conversation</translation>
    </message>
    <message>
        <source>{model} · {provider}</source>
        <translation>{model} · {provider}</translation>
    </message>
    <message>
        <source>Model for this chat: {model}</source>
        <translation>Modèle de cette conversation : {model}</translation>
    </message>
</context>
<context>
    <name>ModelPickerPopup</name>
    <message>
        <source>Choose a model</source>
        <translation>Choisir un modèle</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>Filtrer les modèles</translation>
    </message>
    <message>
        <source>Filter models, or type a model id…</source>
        <translation>Filtrez les modèles ou saisissez un identifiant de modèle…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Épingler</translation>
    </message>
    <message>
        <source>Pin the model</source>
        <translation>Épingler le modèle</translation>
    </message>
    <message>
        <source>Refresh lists</source>
        <translation>Actualiser les listes</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>État de la liste des modèles</translation>
    </message>
    <message>
        <source>No provider is set up where this chat runs, so there is no model to pick. Add one in Settings → Providers, or in the agent server&apos;s settings.</source>
        <translation>Aucun fournisseur n&apos;est configuré là où ce chat s&apos;exécute : il n&apos;y a donc aucun modèle à choisir. Ajoutez-en un dans Paramètres → Fournisseurs, ou dans les paramètres du serveur d&apos;agents.</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>Récupération des modèles…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Épinglés</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Récents</translation>
    </message>
    <message>
        <source>Could not list the models: {reason}</source>
        <translation>Impossible de récupérer la liste des modèles : {reason}</translation>
    </message>
    <message>
        <source>Use “{model}” from {provider}</source>
        <translation>Utiliser « {model} » de {provider}</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Désépingler</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <extracomment>The topic of &quot;the agent is still working in this chat&quot;: withdrawn once the chat is free. The topic of &quot;editing an earlier message&quot;: withdrawn once the edited answer is done.</extracomment>
        <translation>Avis</translation>
    </message>
    <message>
        <source>Notice action</source>
        <translation>Action de l&apos;avis</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Dismiss notice</source>
        <translation>Fermer l&apos;avis</translation>
    </message>
</context>
<context>
    <name>PathField</name>
    <message>
        <source>Choose {label}</source>
        <translation>Choisir {label}</translation>
    </message>
</context>
<context>
    <name>PluginActions</name>
    <message>
        <source>{kind} plugin, version {version}, by {author}</source>
        <translation>Module de type {kind}, version {version}, par {author}</translation>
    </message>
    <message>
        <source>{kind} plugin, version {version}</source>
        <translation>Module de type {kind}, version {version}</translation>
    </message>
    <message>
        <source>It cannot be loaded: {error}</source>
        <translation>Il ne peut pas être chargé : {error}</translation>
    </message>
    <message>
        <source>Tools it adds:</source>
        <translation>Outils qu’il ajoute :</translation>
    </message>
    <message>
        <source>It adds no tools.</source>
        <translation>Il n’ajoute aucun outil.</translation>
    </message>
    <message>
        <source>Settings it adds:</source>
        <translation>Paramètres qu’il ajoute :</translation>
    </message>
    <message>
        <source>It adds no settings.</source>
        <translation>Il n’ajoute aucun paramètre.</translation>
    </message>
    <message>
        <source>It would not be installed: {problem}</source>
        <translation>Il ne serait pas installé : {problem}</translation>
    </message>
    <message>
        <source>secret, kept in the keyring</source>
        <translation>secret, conservé dans le trousseau</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>par défaut : {value}</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Désactiver</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Mettre à jour</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Supprimer…</translation>
    </message>
    <message>
        <source>Plugin details</source>
        <translation>Détails du module</translation>
    </message>
    <message>
        <source>Choose a plugin to see what it is: its kind, tools and settings.</source>
        <translation>Choisissez un module pour voir ce qu’il est : son type, ses outils et ses paramètres.</translation>
    </message>
    <message>
        <source>Reading what {plugin} is…</source>
        <translation>Lecture de ce qu’est {plugin}…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Activer</translation>
    </message>
    <message>
        <source>A provider is turned off by removing its connection on the Providers page.</source>
        <translation>Un fournisseur se désactive en supprimant sa connexion sur la page Fournisseurs.</translation>
    </message>
    <message>
        <source>{plugin} is turned on for every agent when you press OK.</source>
        <translation>{plugin} sera activé pour tous les agents quand vous appuierez sur OK.</translation>
    </message>
    <message>
        <source>{plugin} is turned off for every agent when you press OK: its tools are gone from the next request.</source>
        <translation>{plugin} sera désactivé pour tous les agents quand vous appuierez sur OK : ses outils disparaissent dès la prochaine requête.</translation>
    </message>
    <message>
        <source>Updating {plugin}…</source>
        <translation>Mise à jour de {plugin}…</translation>
    </message>
    <message>
        <source>Fetched {source} again: the new version loads at the next start.</source>
        <translation>{source} a été récupéré à nouveau : la nouvelle version se charge au prochain démarrage.</translation>
    </message>
    <message>
        <source>Updated {name} to {version}: it runs from the next start.</source>
        <translation>{name} a été mis à jour en {version} : il s’exécute dès le prochain démarrage.</translation>
    </message>
    <message>
        <source>Remove {plugin}?</source>
        <translation>Supprimer {plugin} ?</translation>
    </message>
    <message>
        <source>Its package is deleted from the plugin folder; its tools are gone at once.</source>
        <translation>Son paquet est supprimé du dossier des modules ; ses outils disparaissent aussitôt.</translation>
    </message>
    <message>
        <source>Its source leaves the config when you press OK; it is gone from the next start.</source>
        <translation>Sa source quitte la configuration quand vous appuyez sur OK ; il disparaît dès le prochain démarrage.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Removing {plugin}…</source>
        <translation>Suppression de {plugin}…</translation>
    </message>
    <message>
        <source>Removed the source {source}: it is saved when you press OK.</source>
        <translation>La source {source} a été retirée : c’est enregistré quand vous appuyez sur OK.</translation>
    </message>
    <message>
        <source>Removed {name}: its tools are gone.</source>
        <translation>{name} a été supprimé : ses outils ont disparu.</translation>
    </message>
</context>
<context>
    <name>PluginInstaller</name>
    <message>
        <source>Plugin to install</source>
        <translation>Module à installer</translation>
    </message>
    <message>
        <source>A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass</source>
        <translation>Un nom de paquet, un fichier wheel (.whl), path:/dossier, git+URL ou paquet.ClasseModule</translation>
    </message>
    <message>
        <source>Choose wheel…</source>
        <translation>Choisir un wheel…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>See what it is (kind, tools, settings) before installing it</source>
        <translation>Voir ce que c’est (type, outils, paramètres) avant de l’installer</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Installer</translation>
    </message>
    <message>
        <source>Choose a plugin wheel</source>
        <translation>Choisir le wheel d&apos;un module</translation>
    </message>
    <message>
        <source>Python wheels (*.whl)</source>
        <translation>Wheels Python (*.whl)</translation>
    </message>
    <message>
        <source>Type or choose what to install first.</source>
        <translation>Saisissez ou choisissez d&apos;abord ce qu&apos;il faut installer.</translation>
    </message>
    <message>
        <source>Installing {wheel}…</source>
        <translation>Installation de {wheel}…</translation>
    </message>
    <message>
        <source>Fetching {name} from the package index…</source>
        <translation>Récupération de {name} depuis l’index de paquets…</translation>
    </message>
    <message>
        <source>Checking {source}…</source>
        <translation>Vérification de {source}…</translation>
    </message>
    <message>
        <source>Installed {name} {version} by {author}: it adds {plugins}. Its settings show the next time Settings opens.</source>
        <translation>{name} {version} de {author} installé : il ajoute {plugins}. Ses paramètres apparaîtront à la prochaine ouverture des Paramètres.</translation>
    </message>
    <message>
        <source>an unnamed author</source>
        <translation>un auteur sans nom</translation>
    </message>
    <message>
        <source>Added the plugin source {source}: it is saved when you press OK and loads at the next start.</source>
        <translation>Source de modules {source} ajoutée : elle est enregistrée quand vous appuyez sur OK et se charge au prochain démarrage.</translation>
    </message>
</context>
<context>
    <name>PluginSettingsPage</name>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for each agent.</source>
        <translation>Paramètres du module « {plugin} »{version}, pour chaque agent.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for the whole app.</source>
        <translation>Paramètres du module « {plugin} »{version}, pour toute l&apos;application.</translation>
    </message>
    <message>
        <source>Settings for agent</source>
        <translation>Paramètres de l&apos;agent</translation>
    </message>
</context>
<context>
    <name>PluginsPage</name>
    <message>
        <source>Plugin</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>provider</source>
        <extracomment>The kinds `plugin_discovery` sorts plugins into, and the tool plugins&apos; flavours (`agent_app.plugin_offers`), as the Kind column and the details name them.</extracomment>
        <translation>fournisseur</translation>
    </message>
    <message>
        <source>extension</source>
        <translation>extension</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>fonctionnalité</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>outil</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <source>agent-adapter tool</source>
        <translation>outil d&apos;adaptateur d&apos;agent</translation>
    </message>
    <message>
        <source>OpenHands tool</source>
        <translation>outil OpenHands</translation>
    </message>
    <message>
        <source>Node tool</source>
        <translation>outil Node</translation>
    </message>
    <message>
        <source>Everything that was found at start-up. “Enabled” is for the default agent; change it per agent on the Agents page.</source>
        <translation>Tout ce qui a été trouvé au démarrage. « Activé » vaut pour l&apos;agent par défaut ; changez-le par agent dans la page Agents.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <source>on</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>off</source>
        <translation>non</translation>
    </message>
    <message>
        <source>Failed to load: {error}</source>
        <translation>Échec du chargement : {error}</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Chargé</translation>
    </message>
</context>
<context>
    <name>ProjectChats</name>
    <message>
        <source>No project was made of {folder}: {reason}</source>
        <translation>Aucun projet n&apos;a été créé à partir de {folder} : {reason}</translation>
    </message>
    <message>
        <source>“{name}” is no longer a project; its folder is as it was.</source>
        <translation>« {name} » n&apos;est plus un projet ; son dossier est inchangé.</translation>
    </message>
    <message>
        <source>Pin a file of {name}</source>
        <translation>Épingler un fichier de {name}</translation>
    </message>
    <message>
        <source>{path} is not in the project&apos;s folder {folder}; only its files are pinned.</source>
        <translation>{path} n&apos;est pas dans le dossier du projet {folder} ; seuls ses fichiers sont épinglés.</translation>
    </message>
    <message>
        <source>The project “{name}” is updated.</source>
        <translation>Le projet « {name} » est mis à jour.</translation>
    </message>
    <message>
        <source>No model is chosen yet: pick one in the message box, then try again.</source>
        <translation>Aucun modèle n&apos;est encore choisi : choisissez-en un dans la zone de message, puis réessayez.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use the model of the chat they are started from.</source>
        <translation>Les nouvelles conversations de « {name} » utilisent le modèle de la conversation d&apos;où elles sont lancées.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use {model}.</source>
        <translation>Les nouvelles conversations de « {name} » utilisent {model}.</translation>
    </message>
    <message>
        <source>This chat is in the project “{name}”: it works in {folder}.</source>
        <translation>Cette conversation est dans le projet « {name} » : elle travaille dans {folder}.</translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message>
        <source>Projects</source>
        <translation>Projets</translation>
    </message>
    <message>
        <source>Projects and their chats</source>
        <translation>Projets et leurs conversations</translation>
    </message>
    <message>
        <source>New chat in project</source>
        <translation>Nouvelle conversation dans le projet</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n conversation</numerusform>
            <numerusform>%n conversations</numerusform>
        </translation>
    </message>
    <message>
        <source>New chats use {model}</source>
        <translation>Les nouvelles conversations utilisent {model}</translation>
    </message>
    <message>
        <source>New chat in {name}</source>
        <translation>Nouvelle conversation dans {name}</translation>
    </message>
    <message>
        <source>Project actions</source>
        <translation>Actions du projet</translation>
    </message>
    <message>
        <source>Instructions…</source>
        <translation>Instructions…</translation>
    </message>
    <message>
        <source>Pin a file…</source>
        <translation>Épingler un fichier…</translation>
    </message>
    <message>
        <source>Use the model shown for its new chats</source>
        <translation>Utiliser le modèle affiché pour ses nouvelles conversations</translation>
    </message>
    <message>
        <source>Stop using {model} for its new chats</source>
        <translation>Ne plus utiliser {model} pour ses nouvelles conversations</translation>
    </message>
</context>
<context>
    <name>PromptLayer</name>
    <message>
        <source>Approval prompts</source>
        <translation>Demandes d&apos;approbation</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>Other OpenAI-compatible server</source>
        <extracomment>The `preset` key the OpenAI-compatible plugin knows the server by (&quot;&quot; for none).</extracomment>
        <translation>Autre serveur compatible OpenAI</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Add provider…</source>
        <translation>Ajouter un fournisseur…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <source>Ask the server for its models with these settings</source>
        <translation>Demander au serveur ses modèles avec ces paramètres</translation>
    </message>
    <message>
        <source>Found on this computer</source>
        <translation>Trouvés sur cet ordinateur</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>Services</translation>
    </message>
    <message>
        <source>For tests</source>
        <translation>Pour les tests</translation>
    </message>
    <message>
        <source>No local server found running (Ollama, LM Studio…)</source>
        <translation>Aucun serveur local en cours d&apos;exécution (Ollama, LM Studio…)</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Corrigez d&apos;abord les champs en surbrillance de « {current_id} ».</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Connexion…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>Connecté : %n modèle ({models}).</numerusform>
            <numerusform>Connecté : %n modèles ({models}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected: no models.</source>
        <translation>Connecté : aucun modèle.</translation>
    </message>
</context>
<context>
    <name>RecordsField</name>
    <message>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <source>Search {label}</source>
        <translation>Rechercher dans {label}</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Edit the selected {label}</source>
        <translation>Modifier l&apos;élément {label} sélectionné</translation>
    </message>
    <message>
        <source>Delete the selected {label}</source>
        <translation>Supprimer l&apos;élément {label} sélectionné</translation>
    </message>
</context>
<context>
    <name>RemoteChats</name>
    <message>
        <source>The agent server at {url} runs with the token it made on an earlier start, which this app does not know. Revoke it with &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; and start the server again to get a new one.</source>
        <translation>Le serveur d&apos;agents à {url} utilise le jeton créé lors d&apos;un démarrage précédent, que cette application ne connaît pas. Révoquez-le avec « agent-desktop serve --revoke-token --data-dir {folder} » puis redémarrez le serveur pour en obtenir un nouveau.</translation>
    </message>
    <message>
        <source>The agent server {server} stopped: {reason}</source>
        <translation>Le serveur d&apos;agents {server} s&apos;est arrêté : {reason}</translation>
    </message>
    <message>
        <source>The access token of the agent server {server} is revoked: the server refuses it from now on. Restart the server to make a new one, then connect again.</source>
        <translation>Le jeton d&apos;accès du serveur d&apos;agents {server} est révoqué : le serveur le refuse désormais. Redémarrez le serveur pour en créer un nouveau, puis reconnectez-vous.</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Renommer la conversation</translation>
    </message>
    <message>
        <source>New name of the chat on {server}</source>
        <translation>Nouveau nom de la conversation sur {server}</translation>
    </message>
</context>
<context>
    <name>RemoteServerSection</name>
    <message>
        <source>Agent server {server}</source>
        <translation>Serveur d&apos;agents {server}</translation>
    </message>
    <message>
        <source>New chat on {server}</source>
        <translation>Nouvelle conversation sur {server}</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>Paramètres du serveur d&apos;agents {server}</translation>
    </message>
    <message>
        <source>Chats on {server}</source>
        <translation>Conversations sur {server}</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>Conversation sans titre</translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message>
        <source>Tool server resources</source>
        <translation>Ressources des serveurs d&apos;outils</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressources</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>Resource preview</source>
        <translation>Aperçu de la ressource</translation>
    </message>
    <message>
        <source>Resource picture</source>
        <translation>Image de la ressource</translation>
    </message>
    <message>
        <source>Resource browser message</source>
        <translation>Message du navigateur de ressources</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Joindre</translation>
    </message>
    <message>
        <source>Attach resource</source>
        <translation>Joindre la ressource</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>{name} (template)</source>
        <translation>{name} (modèle)</translation>
    </message>
    <message>
        <source>No running tool server offers resources.</source>
        <translation>Aucun serveur d&apos;outils en cours d&apos;exécution ne propose de ressources.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>A template: Attach asks for its parameters ({names}), then reads the resource.</source>
        <translation>Un modèle de ressource : Joindre demande ses paramètres ({names}), puis lit la ressource.</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>Lecture de {uri}…</translation>
    </message>
    <message>
        <source>Could not read it: {error}</source>
        <translation>Lecture impossible : {error}</translation>
    </message>
    <message>
        <source>{mime}, {size} (binary)</source>
        <translation>{mime}, {size} (binaire)</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (%n caractère au total)</numerusform>
            <numerusform>… (%n caractères au total)</numerusform>
        </translation>
    </message>
    <message>
        <source>Attaching {name}…</source>
        <translation>Ajout de {name}…</translation>
    </message>
    <message>
        <source>Attached {name} to the message.</source>
        <translation>{name} a été joint au message.</translation>
    </message>
    <message>
        <source>It was not attached.</source>
        <translation>Rien n&apos;a été joint.</translation>
    </message>
    <message>
        <source>{name}: parameters</source>
        <translation>{name} : paramètres</translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message>
        <source>Show all  ({size})</source>
        <translation>Tout afficher  ({size})</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… %n caractère précédent non affiché …</numerusform>
            <numerusform>… %n caractères précédents non affichés …</numerusform>
        </translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(aucune sortie)</translation>
    </message>
</context>
<context>
    <name>RowTasks</name>
    <message>
        <source>Could not ask the server to cancel the task: {error}</source>
        <translation>Impossible de demander au serveur d&apos;annuler la tâche : {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its row shows how it ended.</source>
        <translation>Le serveur a été prié d&apos;annuler {task} ; sa ligne indique comment elle s&apos;est terminée.</translation>
    </message>
</context>
<context>
    <name>ScheduleEditor</name>
    <message>
        <source>Schedule</source>
        <extracomment>Every configured provider with its models (the model catalog&apos;s listing, off the GUI thread).</extracomment>
        <translation>Planification</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Invite</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Use the agent&apos;s model</source>
        <translation>Utiliser le modèle de l&apos;agent</translation>
    </message>
    <message>
        <source>Answer in</source>
        <translation>Répondre dans</translation>
    </message>
    <message>
        <source>A new chat each run</source>
        <translation>Une nouvelle discussion à chaque exécution</translation>
    </message>
    <message>
        <source>this chat</source>
        <translation>cette discussion</translation>
    </message>
    <message>
        <source>The chat “{title}”</source>
        <translation>La discussion « {title} »</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>Répéter</translation>
    </message>
    <message>
        <source>Every day</source>
        <translation>Chaque jour</translation>
    </message>
    <message>
        <source>Weekdays</source>
        <translation>En semaine</translation>
    </message>
    <message>
        <source>Weekly on</source>
        <translation>Chaque semaine le</translation>
    </message>
    <message>
        <source>Every N minutes</source>
        <translation>Toutes les N minutes</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>Toutes les heures</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Jour</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>Minutes</translation>
    </message>
    <message>
        <source>At</source>
        <translation>À</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Fuseau horaire</translation>
    </message>
    <message>
        <source>Missed runs</source>
        <translation>Exécutions manquées</translation>
    </message>
    <message>
        <source>Run once on return</source>
        <translation>Exécuter une fois au retour</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Ignorer</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activée</translation>
    </message>
    <message>
        <source>Schedules run while Agent Desktop runs, also hidden in the tray. To run them with the window closed, turn on “Run schedules when the app is closed” in the Schedules window, or run “agent-desktop serve” on this data folder.</source>
        <translation>Les planifications s&apos;exécutent tant qu&apos;Agent Desktop tourne, même masqué dans la zone de notification. Pour les exécuter fenêtre fermée, activez « Exécuter les planifications quand l&apos;application est fermée » dans la fenêtre Planifications, ou lancez « agent-desktop serve » sur ce dossier de données.</translation>
    </message>
    <message>
        <source>The agent&apos;s own model</source>
        <translation>Le modèle propre à l&apos;agent</translation>
    </message>
    <message>
        <source>Runs use the model of the schedule&apos;s agent.</source>
        <translation>Les exécutions utilisent le modèle de l&apos;agent de la planification.</translation>
    </message>
</context>
<context>
    <name>ScheduleRuns</name>
    <message>
        <source>Scheduled run finished</source>
        <translation>Exécution planifiée terminée</translation>
    </message>
    <message>
        <source>A scheduled run needs you</source>
        <translation>Une exécution planifiée a besoin de vous</translation>
    </message>
    <message>
        <source>{name}: a tool waits for your approval in its chat.</source>
        <translation>{name} : un outil attend votre approbation dans sa discussion.</translation>
    </message>
    <message>
        <source>A scheduled run failed</source>
        <translation>Une exécution planifiée a échoué</translation>
    </message>
</context>
<context>
    <name>SchedulesDialog</name>
    <message>
        <source>Schedules</source>
        <translation>Planifications</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Ajouter…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Run schedules when the app is closed</source>
        <translation>Exécuter les planifications quand l&apos;application est fermée</translation>
    </message>
    <message>
        <source>Installs a user service that runs this data folder&apos;s schedules at login, without a window (systemd on Linux). A run is never started twice.</source>
        <translation>Installe un service utilisateur qui exécute les planifications de ce dossier de données à l&apos;ouverture de session, sans fenêtre (systemd sous Linux). Une exécution n&apos;est jamais lancée deux fois.</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Prévue</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Remarque</translation>
    </message>
    <message>
        <source>Open the run&apos;s chat</source>
        <translation>Ouvrir la discussion de l’exécution</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>En cours</translation>
    </message>
    <message>
        <source>Needs you</source>
        <translation>Vous attend</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Terminée</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Ignorée</translation>
    </message>
    <message>
        <source>Also stands for missed due times: {count}</source>
        <translation>Remplace aussi des échéances manquées : {count}</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>Your choices: keep the key for this session only (enter it again after a restart); type ${env:VARIABLE} to read it from an environment variable on every start; or unlock or install a keyring (GNOME Keyring, KWallet) and restart.</source>
        <extracomment>What a user without a working keyring can do, said where a key is typed.</extracomment>
        <translation>Vos choix : garder la clé pour cette session uniquement (à ressaisir après un redémarrage) ; saisir ${env:VARIABLE} pour la lire dans une variable d&apos;environnement à chaque démarrage ; ou déverrouiller ou installer un trousseau (GNOME Keyring, KWallet) puis redémarrer.</translation>
    </message>
</context>
<context>
    <name>SelectableText</name>
    <message>
        <source>Message text</source>
        <translation>Texte du message</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>Log of {server}</source>
        <translation>Journal de {server}</translation>
    </message>
    <message>
        <source>(nothing logged yet)</source>
        <translation>(rien dans le journal pour l&apos;instant)</translation>
    </message>
</context>
<context>
    <name>ServerSettingsDialog</name>
    <message>
        <source>Not available for an agent server: it would pick a file or folder on this computer, which the server cannot read. Use it in the settings of the app on the server&apos;s computer.</source>
        <translation>Indisponible pour un serveur d&apos;agents : cela choisirait un fichier ou un dossier sur cet ordinateur, que le serveur ne peut pas lire. Utilisez-le dans les paramètres de l&apos;application sur l&apos;ordinateur du serveur.</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>Paramètres du serveur d&apos;agents {server}</translation>
    </message>
    <message>
        <source>These settings are kept on the agent server {server} and used by its agent; secrets typed here go to that server&apos;s keyring and are never sent back.</source>
        <translation>Ces paramètres sont conservés sur le serveur d&apos;agents {server} et utilisés par son agent ; les secrets saisis ici vont dans le trousseau de ce serveur et ne sont jamais renvoyés.</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>Agent :</translation>
    </message>
    <message>
        <source>Agent of the server</source>
        <translation>Agent du serveur</translation>
    </message>
    <message>
        <source>Whose settings these pages show and change.</source>
        <translation>L&apos;agent dont ces pages affichent et modifient les paramètres.</translation>
    </message>
    <message>
        <source>Plugins of the server</source>
        <translation>Modules du serveur</translation>
    </message>
    <message>
        <source>Reading the settings from the server…</source>
        <translation>Lecture des paramètres depuis le serveur…</translation>
    </message>
    <message>
        <source>Revoke the access token…</source>
        <translation>Révoquer le jeton d&apos;accès…</translation>
    </message>
    <message>
        <source>The server refuses this token from then on, from every computer that has it; restarting the server makes a new one.</source>
        <translation>Le serveur refuse ensuite ce jeton, depuis tout ordinateur qui le possède ; redémarrer le serveur en crée un nouveau.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}” on the server.</source>
        <translation>Paramètres du module « {plugin} » sur le serveur.</translation>
    </message>
    <message>
        <source>The server&apos;s plugins have no settings to change.</source>
        <translation>Les modules du serveur n&apos;ont aucun paramètre à modifier.</translation>
    </message>
    <message>
        <source>Save or cancel the changes to this agent&apos;s settings first.</source>
        <translation>Enregistrez ou annulez d&apos;abord les modifications des paramètres de cet agent.</translation>
    </message>
    <message>
        <source>Revoke the access token?</source>
        <translation>Révoquer le jeton d&apos;accès ?</translation>
    </message>
    <message>
        <source>The server refuses this token from now on, here and on every computer it was given to, and this window disconnects from it. To connect again, restart &apos;agent-desktop serve&apos;: it makes and shows a new token.</source>
        <translation>Le serveur refuse désormais ce jeton, ici et sur tout ordinateur auquel il a été donné, et cette fenêtre s&apos;en déconnecte. Pour vous reconnecter, redémarrez « agent-desktop serve » : il crée et affiche un nouveau jeton.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
</context>
<context>
    <name>ServerSignInPanel</name>
    <message>
        <source>MCP server sign-in</source>
        <translation>Connexion au serveur MCP</translation>
    </message>
    <message>
        <source>MCP sign-in result</source>
        <translation>Résultat de la connexion MCP</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>Se reconnecter</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access and open its login page in your browser</source>
        <translation>Oublier l&apos;accès à ce serveur et ouvrir sa page de connexion dans votre navigateur</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Se déconnecter</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access; its tools stop until you sign in</source>
        <translation>Oublier l&apos;accès à ce serveur ; ses outils s&apos;arrêtent jusqu&apos;à ce que vous vous reconnectiez</translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n outil</numerusform>
            <numerusform>%n outils</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}: {reason} (stderr: {said})</source>
        <translation>{state} : {reason} (stderr : {said})</translation>
    </message>
    <message>
        <source>{state} It failed before: {reason} (stderr: {said})</source>
        <translation>{state} Échec précédent : {reason} (stderr : {said})</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>État du serveur MCP</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Afficher le journal</translation>
    </message>
    <message>
        <source>MCP server log</source>
        <translation>Journal du serveur MCP</translation>
    </message>
    <message>
        <source>Nothing logged yet.</source>
        <translation>Rien dans le journal pour l&apos;instant.</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>Masquer le journal</translation>
    </message>
</context>
<context>
    <name>ServerTokenDialog</name>
    <message>
        <source>Access token of the agent server</source>
        <translation>Jeton d&apos;accès du serveur d&apos;agents</translation>
    </message>
    <message>
        <source>The agent server at {url} is running. Every request to it carries this token. Copy it now to connect from another app or computer: it will not be shown again. This app keeps it and connects by itself. To revoke it, use &apos;Revoke the access token&apos; in the server&apos;s settings, or run &apos;agent-desktop serve --revoke-token&apos;.</source>
        <translation>Le serveur d&apos;agents à {url} fonctionne. Chaque requête qui lui est adressée porte ce jeton. Copiez-le maintenant pour vous connecter depuis une autre application ou un autre ordinateur : il ne sera plus affiché. Cette application le conserve et se connecte d&apos;elle-même. Pour le révoquer, utilisez « Révoquer le jeton d&apos;accès » dans les paramètres du serveur, ou exécutez « agent-desktop serve --revoke-token ».</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Jeton d&apos;accès</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the access token</source>
        <translation>Copier le jeton d&apos;accès</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
</context>
<context>
    <name>SessionActionRunner</name>
    <message>
        <source>Open or start a conversation first, then run the action on it.</source>
        <translation>Ouvrez ou commencez d&apos;abord une conversation, puis lancez l&apos;action sur celle-ci.</translation>
    </message>
    <message>
        <source>“{action}” is still running; wait for it or cancel it first.</source>
        <translation>« {action} » est encore en cours ; attendez qu&apos;elle se termine ou annulez-la d&apos;abord.</translation>
    </message>
    <message>
        <source>Select the messages for “{action}” first: click the first one and Shift+click the last one, then choose it again.</source>
        <translation>Sélectionnez d&apos;abord les messages pour « {action} » : cliquez sur le premier puis Maj+clic sur le dernier, et choisissez-la de nouveau.</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Export chat</source>
        <translation>Exporter la conversation</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Import chats</source>
        <translation>Importer des conversations</translation>
    </message>
    <message>
        <source>Agent Desktop chats (*{suffix} *.json)</source>
        <translation>Conversations Agent Desktop (*{suffix} *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}. Choose another place.</source>
        <translation>Impossible d&apos;écrire {path} : {reason}. Choisissez un autre emplacement.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Exportée dans {path}.</translation>
    </message>
    <message>
        <source>{path} was not imported: {error}</source>
        <translation>{path} n&apos;a pas été importé : {error}</translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>%n conversation importée.</numerusform>
            <numerusform>%n conversations importées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>Approbation requise</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>{place}:</source>
        <translation>{place} :</translation>
    </message>
    <message>
        <source>now</source>
        <translation>maintenant</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n j</numerusform>
            <numerusform>%n j</numerusform>
        </translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>Nouvelle conversation (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search chats  (Ctrl+K)</source>
        <translation>Rechercher dans les conversations  (Ctrl+K)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <source>Conversation list</source>
        <translation>Liste des conversations</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Aucun résultat</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Exporter en Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>Exporter en JSON…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>{label} ({unit})</source>
        <extracomment>What a JSON-schema type is drawn as when the field names no `widget`.</extracomment>
        <translation>{label} ({unit})</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Drawn per server on the Tools page (not a field of a section&apos;s form).</extracomment>
        <translation>Apparence</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Suivre le système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Contraste élevé</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>Send messages with</source>
        <translation>Envoyer les messages avec</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter for a new line)</source>
        <translation>Entrée (Maj+Entrée pour une nouvelle ligne)</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Entrée</translation>
    </message>
    <message>
        <source>Tool rounds per request</source>
        <translation>Tours d&apos;outils par requête</translation>
    </message>
    <message>
        <source>The agent stops after this many rounds of tool calls in one request.</source>
        <translation>L&apos;agent s&apos;arrête après ce nombre de tours d&apos;appels d&apos;outils dans une même requête.</translation>
    </message>
    <message>
        <source>Tool time limit</source>
        <translation>Durée maximale d&apos;un outil</translation>
    </message>
    <message>
        <source>A tool that runs longer than this is stopped.</source>
        <translation>Un outil qui s&apos;exécute plus longtemps est arrêté.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>secondes</translation>
    </message>
    <message>
        <source>Plugin time limit (seconds)</source>
        <translation>Durée maximale des modules (secondes)</translation>
    </message>
    <message>
        <source>A plugin hook still running after this long stops its request, so the app keeps responding.</source>
        <translation>Un crochet de module encore en cours après ce délai arrête sa requête, pour que l&apos;application reste réactive.</translation>
    </message>
    <message>
        <source>Largest attachment</source>
        <translation>Taille maximale des pièces jointes</translation>
    </message>
    <message>
        <source>Files larger than this are not attached.</source>
        <translation>Les fichiers plus volumineux ne sont pas joints.</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>Mio</translation>
    </message>
    <message>
        <source>MCP server trust</source>
        <translation>Confiance envers les serveurs MCP</translation>
    </message>
    <message>
        <source>Per MCP server: whether the tools it marks read-only may run without asking (a server&apos;s hints are its own claims). Servers not listed are asked about.</source>
        <translation>Par serveur MCP : si les outils qu&apos;il marque en lecture seule peuvent s&apos;exécuter sans demander (les indications d&apos;un serveur sont ses propres affirmations). Pour les serveurs non listés, la question est posée.</translation>
    </message>
    <message>
        <source>Extra plugin folders</source>
        <translation>Dossiers de modules supplémentaires</translation>
    </message>
    <message>
        <source>Folders holding agent_plugin.json plugins, one per line; loaded on the next start.</source>
        <translation>Dossiers contenant des modules agent_plugin.json, un par ligne ; chargés au prochain démarrage.</translation>
    </message>
    <message>
        <source>Plugin package index</source>
        <translation>Index de paquets des modules</translation>
    </message>
    <message>
        <source>Where Settings → Plugins finds a plugin installed by its package name (the address of a simple repository index).</source>
        <translation>Où Paramètres → Modules trouve un module installé par son nom de paquet (l’adresse d’un index de dépôt simple).</translation>
    </message>
    <message>
        <source>Developer mode</source>
        <translation>Mode développeur</translation>
    </message>
    <message>
        <source>Also list plugins that exist for tests and demos (such as scripted replies).</source>
        <translation>Afficher aussi les modules destinés aux tests et aux démonstrations (comme les réponses scriptées).</translation>
    </message>
    <message>
        <source>Text size (%)</source>
        <translation>Taille du texte (%)</translation>
    </message>
    <message>
        <source>Size of the chat&apos;s text, relative to the system font (View → Bigger text).</source>
        <translation>Taille du texte de la conversation par rapport à la police du système (Affichage → Agrandir le texte).</translation>
    </message>
    <message>
        <source>Show the sidebar</source>
        <translation>Afficher le panneau latéral</translation>
    </message>
    <message>
        <source>The list of chats on the left.</source>
        <translation>La liste des conversations à gauche.</translation>
    </message>
    <message>
        <source>Show an icon in the system tray</source>
        <translation>Afficher une icône dans la zone de notification</translation>
    </message>
    <message>
        <source>Show or hide the window and start a chat from the tray; when the window is hidden, a finished answer is announced there.</source>
        <translation>Afficher ou masquer la fenêtre et démarrer une conversation depuis la zone de notification ; lorsque la fenêtre est masquée, une réponse terminée y est signalée.</translation>
    </message>
    <message>
        <source>Quick entry shortcut</source>
        <translation>Raccourci de saisie rapide</translation>
    </message>
    <message>
        <source>Keys that work in every app: they bring this window forward with the message box of a new chat ready (or of the chat shown, while it is empty or holds a draft). Empty: off. The command agent-desktop --quick-entry does the same.</source>
        <translation>Touches actives dans toutes les applications : elles ramènent cette fenêtre au premier plan avec la zone de message d&apos;une nouvelle conversation prête (ou de celle affichée, si elle est vide ou contient un brouillon). Vide : désactivé. La commande agent-desktop --quick-entry fait de même.</translation>
    </message>
    <message>
        <source>Ask before every tool (hints ignored)</source>
        <translation>Demander avant chaque outil (indications ignorées)</translation>
    </message>
    <message>
        <source>Run tools it marks read-only without asking</source>
        <translation>Exécuter sans demander les outils qu&apos;il marque en lecture seule</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Keys that say where a provider connects and with which credential: they belong to the provider entry, never to an agent (where they would reach every provider the agent is switched to). Keys of a provider entry an agent cannot set for itself (its parameters may set the rest). Pages of the Settings dialog that show entries of these models (schema extra `section`).</extracomment>
        <translation>Nom</translation>
    </message>
    <message>
        <source>e.g. Writer</source>
        <translation>p. ex. Rédacteur</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>The connection this agent talks through (Providers page).</source>
        <translation>La connexion par laquelle cet agent communique (page Fournisseurs).</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Modèle par défaut</translation>
    </message>
    <message>
        <source>Empty: the provider&apos;s own default model. “Test connection” on the Providers page lists what the server offers.</source>
        <translation>Vide : le modèle par défaut du fournisseur. « Tester la connexion » dans la page Fournisseurs liste ce que propose le serveur.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <source>You are a helpful assistant…</source>
        <translation>Vous êtes un assistant serviable…</translation>
    </message>
    <message>
        <source>Other parameters (JSON)</source>
        <translation>Autres paramètres (JSON)</translation>
    </message>
    <message>
        <source>Advanced: request settings the provider does not declare, e.g. {&quot;seed&quot;: 7}.</source>
        <translation>Avancé : réglages de requête que le fournisseur ne déclare pas, p. ex. {&quot;seed&quot;: 7}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>Page names other parts of the app can open the dialog on.</extracomment>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Pages des paramètres</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>État de l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Loading plugin settings…</source>
        <translation>Chargement des paramètres des modules…</translation>
    </message>
    <message>
        <source>PLUGIN SETTINGS</source>
        <translation>PARAMÈTRES DES MODULES</translation>
    </message>
    <message>
        <source>Saving… (the system keyring may ask to be unlocked first)</source>
        <translation>Enregistrement… (le trousseau du système peut d&apos;abord demander à être déverrouillé)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Enregistrement…</translation>
    </message>
    <message>
        <source>“{page}” has settings that need fixing (marked in red).</source>
        <translation>« {page} » a des paramètres à corriger (en rouge).</translation>
    </message>
    <message>
        <source>Nothing was saved: {details}</source>
        <translation>Rien n&apos;a été enregistré : {details}</translation>
    </message>
</context>
<context>
    <name>SettingsPages</name>
    <message>
        <source>Agents</source>
        <extracomment>Form keys of declared parameters: `parameters.&lt;name&gt;`.</extracomment>
        <translation>Agents</translation>
    </message>
    <message>
        <source>An agent is a provider and model with its own system prompt, parameters and plugins.</source>
        <translation>Un agent est un fournisseur et un modèle avec ses propres instructions système, paramètres et modules.</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>agent</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Serveurs MCP</translation>
    </message>
    <message>
        <source>Model Context Protocol servers whose tools the agents can use: a command to start (stdio) or a URL (HTTP).</source>
        <translation>Serveurs Model Context Protocol dont les agents peuvent utiliser les outils : une commande pour les lancer (stdio) ou une URL (HTTP).</translation>
    </message>
    <message>
        <source>server</source>
        <translation>serveur</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>Modules</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Fournisseurs</translation>
    </message>
    <message>
        <source>Connections to model servers. Each provider keeps its own address, key and model. Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one from the environment instead.</source>
        <translation>Connexions aux serveurs de modèles. Chaque fournisseur a sa propre adresse, sa clé et son modèle. Les clés vont dans le trousseau du système, jamais dans le fichier de configuration ; ${env:VARIABLE} en lit une dans l&apos;environnement.</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>fournisseur</translation>
    </message>
</context>
<context>
    <name>SidebarSessions</name>
    <message>
        <source>the chat</source>
        <translation>la conversation</translation>
    </message>
    <message>
        <source>Deleted “{title}”.</source>
        <translation>« {title} » supprimée.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to {server}</source>
        <translation>Se connecter à {server}</translation>
    </message>
    <message>
        <source>The tool server &apos;{server}&apos; needs you to sign in</source>
        <translation>Le serveur d&apos;outils &apos;{server}&apos; demande que vous vous connectiez</translation>
    </message>
    <message>
        <source>Agent Desktop keeps the access in your system keyring.</source>
        <translation>Agent Desktop conserve l&apos;accès dans le trousseau du système.</translation>
    </message>
    <message>
        <source>{problem} The access is kept for this session only: you sign in again after a restart.</source>
        <translation>{problem} L&apos;accès n&apos;est conservé que pour cette session : vous devrez vous reconnecter après un redémarrage.</translation>
    </message>
    <message>
        <source>Your browser will open the login page on {host}. After you sign in there, the page sends you back to Agent Desktop and the server&apos;s tools become available.</source>
        <translation>Votre navigateur va ouvrir la page de connexion sur {host}. Une fois connecté, la page vous renvoie vers Agent Desktop et les outils du serveur deviennent disponibles.</translation>
    </message>
    <message>
        <source>Login page: {page}</source>
        <translation>Page de connexion : {page}</translation>
    </message>
    <message>
        <source>Login page address</source>
        <translation>Adresse de la page de connexion</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>The server stays signed out; Settings → MCP servers → Sign in again starts later</source>
        <translation>Le serveur reste déconnecté ; Paramètres → Serveurs MCP → Se reconnecter permet de le faire plus tard</translation>
    </message>
    <message>
        <source>Open {shown_host}</source>
        <translation>Ouvrir {shown_host}</translation>
    </message>
</context>
<context>
    <name>StartServerDialog</name>
    <message>
        <source>Start an agent server on this computer</source>
        <translation>Démarrer un serveur d&apos;agents sur cet ordinateur</translation>
    </message>
    <message>
        <source>The agent runs in a server of its own, without a window, with its own data folder. Only this computer can reach it on 127.0.0.1; another address needs TLS, as the server will tell you.</source>
        <translation>L&apos;agent fonctionne dans son propre serveur, sans fenêtre, avec son propre dossier de données. Sur 127.0.0.1, seul cet ordinateur peut l&apos;atteindre ; une autre adresse exige TLS, comme le serveur vous l&apos;indiquera.</translation>
    </message>
    <message>
        <source>Address to listen on</source>
        <translation>Adresse d&apos;écoute</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Écouter sur</translation>
    </message>
    <message>
        <source>Keep running after the app quits</source>
        <translation>Continuer après la fermeture de l&apos;application</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <source>Starting the agent server…</source>
        <translation>Démarrage du serveur d&apos;agents…</translation>
    </message>
</context>
<context>
    <name>TaskControls</name>
    <message>
        <source>Progress of {tool}</source>
        <translation>Progression de {tool}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel {tool}</source>
        <translation>Annuler {tool}</translation>
    </message>
    <message>
        <source>Ask the server to stop this task</source>
        <translation>Demander au serveur d&apos;arrêter cette tâche</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
</context>
<context>
    <name>TasksView</name>
    <message>
        <source>Running tasks</source>
        <translation>Tâches en cours</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>Ouvrir la conversation</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>Annuler la tâche</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>{task} — in “{chat}”</source>
        <translation>{task} — dans « {chat} »</translation>
    </message>
    <message>
        <source>No task is running.</source>
        <translation>Aucune tâche en cours.</translation>
    </message>
    <message>
        <source>Could not cancel {task}: {error}</source>
        <translation>Impossible d&apos;annuler {task} : {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its chat shows how it ended.</source>
        <translation>Le serveur a été prié d&apos;annuler {task} ; sa conversation indique comment elle s&apos;est terminée.</translation>
    </message>
</context>
<context>
    <name>ToolRule</name>
    <message>
        <source>commands starting with “{value}”</source>
        <translation>les commandes commençant par « {value} »</translation>
    </message>
    <message>
        <source>files in the agent&apos;s workspace folder</source>
        <translation>les fichiers du dossier de travail de l&apos;agent</translation>
    </message>
    <message>
        <source>paths under “{value}”</source>
        <translation>les chemins sous « {value} »</translation>
    </message>
    <message>
        <source>URLs on {value}</source>
        <translation>les URL de {value}</translation>
    </message>
</context>
<context>
    <name>ToolRulesList</name>
    <message>
        <source>Argument rules</source>
        <translation>Règles d&apos;arguments</translation>
    </message>
    <message>
        <source>Allowed by rule</source>
        <translation>Autorisé par une règle</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>Runs without asking for</source>
        <translation>S&apos;exécute sans demander pour</translation>
    </message>
    <message>
        <source>No rules. Choose “Always allow …” in an approval prompt to allow one tool only for calls like that one (a command prefix, a folder, a web domain).</source>
        <translation>Aucune règle. Choisissez « Toujours autoriser … » dans une demande d&apos;approbation pour autoriser un outil uniquement pour des appels de ce type (un début de commande, un dossier, un domaine web).</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
    <message>
        <source>Revoke rule: {tool} {rule}</source>
        <translation>Révoquer la règle : {tool} {rule}</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs for {rule}</source>
        <translation>Redemander avant que « {tool} » s&apos;exécute pour {rule}</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>sign-in needed</source>
        <translation>connexion requise</translation>
    </message>
    <message>
        <source>starting again — failed: {reason} (stderr: {said})</source>
        <translation>redémarrage — échec : {reason} (stderr : {said})</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>démarrage…</translation>
    </message>
    <message>
        <source>failed: {reason} (stderr: {said})</source>
        <translation>échec : {reason} (stderr : {said})</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>échec : {reason}</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <source>not started yet</source>
        <translation>pas encore démarré</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Tools {ready}/{enabled}</source>
        <translation>Outils {ready}/{enabled}</translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>prêt · %n outil</numerusform>
            <numerusform>prêt · %n outils</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>Serveurs d&apos;outils</translation>
    </message>
    <message>
        <source>Tool servers: their state, logs and resources</source>
        <translation>Serveurs d&apos;outils : leur état, leurs journaux et leurs ressources</translation>
    </message>
    <message>
        <source>Tool servers menu</source>
        <translation>Menu des serveurs d&apos;outils</translation>
    </message>
    <message>
        <source>Tool server {server}</source>
        <translation>Serveur d&apos;outils {server}</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Afficher le journal</translation>
    </message>
    <message>
        <source>Browse resources…</source>
        <translation>Parcourir les ressources…</translation>
    </message>
    <message>
        <source>No tool servers are set up</source>
        <translation>Aucun serveur d&apos;outils n&apos;est configuré</translation>
    </message>
    <message>
        <source>Running tasks…</source>
        <translation>Tâches en cours…</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Décision</translation>
    </message>
    <message>
        <source>Remembered approvals</source>
        <translation>Approbations mémorisées</translation>
    </message>
    <message>
        <source>No remembered decisions: every tool that changes things will ask.</source>
        <translation>Aucune décision mémorisée : chaque outil qui modifie quelque chose demandera.</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>Outils disponibles</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Toujours autoriser</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs</source>
        <translation>Redemander avant que « {tool} » s&apos;exécute</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Hide window</source>
        <translation>Masquer la fenêtre</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <source>Show window</source>
        <translation>Afficher la fenêtre</translation>
    </message>
    <message>
        <source>Answer ready</source>
        <translation>Réponse prête</translation>
    </message>
    <message>
        <source>Your chat has a new answer.</source>
        <translation>Votre conversation a une nouvelle réponse.</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>incomplete</source>
        <translation>incomplète</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <extracomment>How a request ended, from a provider&apos;s failure kind; anything else &quot;failed&quot;. How a request stopped before its end: the user&apos;s Stop (or Esc), or the app quitting. What the chat and the status bar call each ending.</extracomment>
        <translation>arrêtée par vous</translation>
    </message>
    <message>
        <source>stopped when the app quit</source>
        <translation>arrêtée à la fermeture de l&apos;application</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <source>connection cut</source>
        <translation>connexion interrompue</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échec</translation>
    </message>
    <message>
        <source>The model returned nothing.</source>
        <translation>Le modèle n&apos;a rien renvoyé.</translation>
    </message>
</context>
<context>
    <name>TurnOutcomePanel</name>
    <message>
        <source>How the last request ended</source>
        <translation>Comment la dernière requête s&apos;est terminée</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <source>Send the last message again</source>
        <translation>Renvoyer le dernier message</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>Show the technical details</source>
        <translation>Afficher les détails techniques</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Détails techniques</translation>
    </message>
    <message>
        <source>Timed out</source>
        <extracomment>The short bold line above the sentence, by how the request ended.</extracomment>
        <translation>Délai dépassé</translation>
    </message>
    <message>
        <source>Connection cut</source>
        <translation>Connexion interrompue</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Empty answer</source>
        <translation>Réponse vide</translation>
    </message>
</context>
<context>
    <name>ViewHelper</name>
    <message>
        <source>this installation has no web engine for MCP App views (the Linux bundle leaves QtWebEngine out to stay small); the tool&apos;s text result is shown instead. To see views, install the Flatpak, or run Agent Desktop from a checkout with &apos;uv run agent-desktop&apos;</source>
        <translation>cette installation n&apos;a pas de moteur web pour les vues MCP App (le paquet Linux laisse QtWebEngine de côté pour rester léger) ; le résultat texte de l&apos;outil s&apos;affiche à la place. Pour voir les vues, installez le Flatpak, ou lancez Agent Desktop depuis une copie du code avec « uv run agent-desktop »</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>Suivre le &amp;système</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Sombre</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>Contraste é&amp;levé</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>View menu</source>
        <translation>Menu Affichage</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>&amp;Bigger text</source>
        <translation>A&amp;grandir le texte</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>&amp;Réduire le texte</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>Taille &amp;réelle</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>Afficher le &amp;panneau latéral</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>Menu Aide</translation>
    </message>
    <message>
        <source>&amp;About Agent Desktop</source>
        <translation>À &amp;propos d&apos;Agent Desktop</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome and setup</source>
        <translation>Accueil et configuration</translation>
    </message>
    <message>
        <source>Welcome to Agent Desktop</source>
        <translation>Bienvenue dans Agent Desktop</translation>
    </message>
    <message>
        <source>Connect a model to start chatting. A local server needs no key; a cloud provider&apos;s key is never written to a file.</source>
        <translation>Connectez un modèle pour commencer à discuter. Un serveur local n&apos;a besoin d&apos;aucune clé ; la clé d&apos;un fournisseur cloud n&apos;est jamais écrite dans un fichier.</translation>
    </message>
    <message>
        <source>Local servers on this computer</source>
        <translation>Serveurs locaux sur cet ordinateur</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>Serveurs locaux détectés</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>Recherche de serveurs locaux…</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Rechercher de nouveau</translation>
    </message>
    <message>
        <source>Scan again for local servers</source>
        <translation>Rechercher de nouveau des serveurs locaux</translation>
    </message>
    <message>
        <source>Use this server</source>
        <translation>Utiliser ce serveur</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>Utiliser le serveur local sélectionné</translation>
    </message>
    <message>
        <source>Or use an API key</source>
        <translation>Ou utilisez une clé d&apos;API</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Adresse du serveur</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d&apos;API</translation>
    </message>
    <message>
        <source>sk-…  or  ${env:OPENAI_API_KEY}</source>
        <translation>sk-…  ou  ${env:OPENAI_API_KEY}</translation>
    </message>
    <message>
        <source>Checking where keys can be kept…</source>
        <translation>Vérification des emplacements possibles pour les clés…</translation>
    </message>
    <message>
        <source>Where the key is kept</source>
        <translation>Emplacement de la clé</translation>
    </message>
    <message>
        <source>Keep this key for this session only</source>
        <translation>Garder cette clé pour cette session uniquement</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>État de l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Save and start</source>
        <translation>Enregistrer et commencer</translation>
    </message>
    <message>
        <source>Save the API key and start</source>
        <translation>Enregistrer la clé d&apos;API et commencer</translation>
    </message>
    <message>
        <source>http://localhost:8000/v1</source>
        <translation>http://localhost:8000/v1</translation>
    </message>
    <message>
        <source>sk-…  or  ${{env:{variable}}}</source>
        <translation>sk-…  ou  ${{env:{variable}}}</translation>
    </message>
    <message>
        <source>Optional: most local servers need none</source>
        <translation>Facultatif : la plupart des serveurs locaux n&apos;en ont pas besoin</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring. Or type ${env:VARIABLE} to read it from the environment instead.</source>
        <translation>La clé est enregistrée dans le trousseau du système. Vous pouvez aussi saisir ${env:VARIABLE} pour la lire dans l&apos;environnement.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>(%n modèle)</numerusform>
            <numerusform>(%n modèles)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>%n trouvé.</numerusform>
            <numerusform>%n trouvés.</numerusform>
        </translation>
    </message>
    <message>
        <source>None found (Ollama, LM Studio, llama.cpp, vLLM).</source>
        <translation>Aucun trouvé (Ollama, LM Studio, llama.cpp, vLLM).</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>Saisissez d&apos;abord la clé d&apos;API.</translation>
    </message>
    <message>
        <source>Enter the server address, for example http://localhost:8000/v1.</source>
        <translation>Saisissez l&apos;adresse du serveur, par exemple http://localhost:8000/v1.</translation>
    </message>
    <message>
        <source>Enter a model in the Model field: a name the server lists, for example gpt-4o-mini or llama3.1.</source>
        <translation>Saisissez un modèle dans le champ Modèle : un nom que le serveur liste, par exemple gpt-4o-mini ou llama3.1.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Enregistrement…</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle conversation</translation>
    </message>
    <message>
        <source>&amp;Import chat…</source>
        <translation>&amp;Importer une conversation…</translation>
    </message>
    <message>
        <source>Import chats exported as JSON</source>
        <translation>Importer des conversations exportées en JSON</translation>
    </message>
    <message>
        <source>&amp;Export all my data…</source>
        <translation>&amp;Exporter toutes mes données…</translation>
    </message>
    <message>
        <source>Every chat, memory, project, skill and setting in one file</source>
        <translation>Toutes les conversations, la mémoire, les projets, les compétences et les paramètres dans un seul fichier</translation>
    </message>
    <message>
        <source>Import &amp;data…</source>
        <translation>Importer des &amp;données…</translation>
    </message>
    <message>
        <source>Connect to an agent server…</source>
        <translation>Se connecter à un serveur d&apos;agents…</translation>
    </message>
    <message>
        <source>Go to &amp;approval</source>
        <translation>Aller à l&apos;&amp;approbation</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>&amp;Session</translation>
    </message>
    <message>
        <source>Session menu</source>
        <translation>Menu Session</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Renommer…</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Exporter en &amp;Markdown…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Exporter en Markdown</translation>
    </message>
    <message>
        <source>Export as &amp;JSON…</source>
        <translation>Exporter en &amp;JSON…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Exporter en JSON</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Chat &amp;instructions…</source>
        <translation>&amp;Instructions de la conversation…</translation>
    </message>
    <message>
        <source>What this chat tells the model first</source>
        <translation>Ce que cette conversation dit d&apos;abord au modèle</translation>
    </message>
    <message>
        <source>Sc&amp;hedule this chat…</source>
        <translation>Planifier cette &amp;discussion…</translation>
    </message>
    <message>
        <source>Schedu&amp;les…</source>
        <translation>Planificatio&amp;ns…</translation>
    </message>
    <message>
        <source>Export this chat</source>
        <translation>Exporter cette conversation</translation>
    </message>
</context>
<context>
    <name>WindowNotices</name>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>_AnswerColumn</name>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Answer of {model}</source>
        <translation>Réponse de {model}</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Rédaction…</translation>
    </message>
    <message>
        <source>State of {model}</source>
        <translation>État de {model}</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Échec : {reason}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
</context>
<context>
    <name>_Dialog</name>
    <message>
        <source>Server&apos;s question</source>
        <translation>Question du serveur</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Décliner</translation>
    </message>
    <message>
        <source>Answer later: the tool is told the request was cancelled</source>
        <translation>Répondre plus tard : l&apos;outil est informé que la demande a été annulée</translation>
    </message>
</context>
<context>
    <name>_KeyValueField</name>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Add to {label}</source>
        <translation>Ajouter à {label}</translation>
    </message>
</context>
<context>
    <name>_KeyValueRow</name>
    <message>
        <source>NAME</source>
        <translation>NOM</translation>
    </message>
    <message>
        <source>{label} name</source>
        <translation>Nom de {label}</translation>
    </message>
    <message>
        <source>{label} value</source>
        <translation>Valeur de {label}</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Secret</translation>
    </message>
    <message>
        <source>Keep the value in the system keyring, not in the config file</source>
        <translation>Conserver la valeur dans le trousseau du système, pas dans le fichier de configuration</translation>
    </message>
    <message>
        <source>Remove from {label}</source>
        <translation>Retirer de {label}</translation>
    </message>
    <message>
        <source>•••••••• stored (type to replace)</source>
        <translation>•••••••• enregistrée (saisissez pour remplacer)</translation>
    </message>
    <message>
        <source>value, or ${env:VARIABLE}</source>
        <translation>valeur, ou ${env:VARIABLE}</translation>
    </message>
</context>
<context>
    <name>_PathField</name>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
</context>
<context>
    <name>_SecretField</name>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove the stored secret from the system keyring</source>
        <translation>Retirer le secret enregistré du trousseau du système</translation>
    </message>
    <message>
        <source>•••• kept for this session only</source>
        <translation>•••• conservée pour cette session uniquement</translation>
    </message>
    <message>
        <source>•••• stored in the system keyring</source>
        <translation>•••• enregistrée dans le trousseau du système</translation>
    </message>
</context>
<context>
    <name>_SelectField</name>
    <message>
        <source>{value} (not offered)</source>
        <translation>{value} (non proposé)</translation>
    </message>
</context>
</TS>
