/** The demo campaign's catalogue: brand, texts, bike models and winner videos (fictional). */
export const DEMO_CATALOGUE = {
  settings: {
    brand_name: 'Everest Moto',
    campaign_name: 'Campaign 2082',
    campaign_name_ne: 'अभियान २०८२',
    color_primary: '#b91c1c',
    color_secondary: '#1e3a8a',
    support_phones: ['9801002082', '01-5970082'],
    official_website: 'https://www.example.com',
    video: 'https://www.example.com/videos/campaign-2082',
    social_links: [
      { label: 'Facebook', url: 'https://www.facebook.com/example' },
      { label: 'Instagram', url: 'https://www.instagram.com/example' },
      { label: 'YouTube', url: 'https://www.youtube.com/@example' },
      { label: 'TikTok', url: 'https://www.tiktok.com/@example' },
    ],
    scheme: `
<h2>Campaign 2082: every rider wins</h2>
<p>Pre-register for your new Everest Moto motorcycle, verify your phone and spin the prize wheel. <strong>Every verified pre-registration wins a cash discount</strong> from Rs. 3,000 up to Rs. 1,00,000 (One Lakh).</p>
<h3>How it works</h3>
<ol>
<li>Fill in the pre-registration form on this website or at any authorised Everest Moto showroom.</li>
<li>Enter the one-time code sent to your mobile by SMS.</li>
<li>Spin the wheel: your cash discount is confirmed on screen and by SMS.</li>
<li>Buy your motorcycle at an authorised showroom within the campaign period. The discount is taken off your bill, and you spin again for a purchase coupon from Rs. 1,500 up to Rs. 9,00,000.</li>
</ol>
<h3>Bumper prizes</h3>
<ul>
<li>Share a photo of your key handover on social media with #EverestMoto2082 to enter the bumper draw of <strong>Rs. 10,00,000 (Ten Lakhs)</strong>.</li>
<li>Fifty thousand rupee prizes are drawn among customers every month; the winners' videos are on the Winners page.</li>
</ul>
<p style="text-align: center">Visit your nearest showroom for a free test ride.</p>`,
    terms: `
<h2>Terms and Conditions</h2>
<ol>
<li>The campaign is open to citizens of Nepal aged 18 or above with a valid citizenship certificate or PAN, during the campaign period of the year 2082 announced on this website.</li>
<li>One pre-registration is allowed per citizenship number or PAN, and one prize per pre-registration. A prize is valid only with a phone number verified by the one-time code.</li>
<li>The cash discount and the purchase coupon apply only to a new Everest Moto motorcycle bought from an authorised dealer in the name of the pre-registered customer, against a valid bill.</li>
<li>Prizes cannot be exchanged for cash, transferred or combined with another offer unless the company says so in writing.</li>
<li>Taxes on prizes are deducted as required by the laws of Nepal.</li>
<li>Bumper prize winners agree that their name, photo and video may be published on the campaign's website and social media.</li>
<li>False or repeated registrations are cancelled without notice. The company's decision on every matter of the campaign is final, and it may change or end the campaign with public notice.</li>
</ol>`,
    policy: `
<h2>Privacy Policy</h2>
<p>We collect the name, address, phone number, email, citizenship number or PAN, chosen model and showroom that you give us in the campaign forms, and the screenshot you choose to upload.</p>
<ul>
<li><strong>Why:</strong> to verify your phone, run the prize draw, honour your discount at the showroom, and tell you about your prize by SMS.</li>
<li><strong>Who sees it:</strong> our head office and the dealer you choose. We do not sell your data. SMS are sent through a licensed SMS provider in Nepal.</li>
<li><strong>How long:</strong> for the campaign and the period the law requires us to keep sales records.</li>
<li><strong>Your choice:</strong> ask any showroom or call our support line to see, correct or delete your details.</li>
</ul>
<p>Questions: write to <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>`,
    scheme_ne: `
<h2>अभियान २०८२: हरेक राइडरले जित्छ</h2>
<p>आफ्नो नयाँ एभरेस्ट मोटो मोटरसाइकलका लागि पूर्व-दर्ता गर्नुहोस्, फोन प्रमाणित गर्नुहोस् र पुरस्कारको चक्र घुमाउनुहोस्। <strong>प्रमाणित हरेक पूर्व-दर्ताले नगद छुट जित्छ</strong>: रु. ३,००० देखि रु. १,००,००० (एक लाख) सम्म।</p>
<h3>कसरी सहभागी हुने</h3>
<ol>
<li>यो वेबसाइटमा वा कुनै पनि आधिकारिक एभरेस्ट मोटो शोरुममा पूर्व-दर्ता फाराम भर्नुहोस्।</li>
<li>तपाईंको मोबाइलमा SMS बाट आएको एक पटक प्रयोग हुने कोड हाल्नुहोस्।</li>
<li>चक्र घुमाउनुहोस्: तपाईंको नगद छुट स्क्रिनमा र SMS बाट पुष्टि हुन्छ।</li>
<li>अभियान अवधिभित्र आधिकारिक शोरुमबाट मोटरसाइकल किन्नुहोस्। छुट बिलमा घटाइन्छ, र खरिद कुपनका लागि फेरि चक्र घुमाउनुहोस्: रु. १,५०० देखि रु. ९,००,००० सम्म।</li>
</ol>
<h3>बम्पर पुरस्कार</h3>
<ul>
<li>चाबी हस्तान्तरणको फोटो #EverestMoto2082 सहित सामाजिक सञ्जालमा सेयर गरेर <strong>रु. १०,००,००० (दस लाख)</strong> को बम्पर चिठ्ठामा सहभागी हुनुहोस्।</li>
<li>हरेक महिना ग्राहकहरूबीच पचास हजार रुपैयाँका पुरस्कार निकालिन्छन्; विजेताहरूका भिडियो विजेता पृष्ठमा छन्।</li>
</ul>
<p style="text-align: center">निःशुल्क टेस्ट राइडका लागि नजिकको शोरुममा आउनुहोस्।</p>`,
    terms_ne: `
<h2>नियम तथा सर्तहरू</h2>
<ol>
<li>यो अभियान यस वेबसाइटमा घोषणा गरिएको २०८२ सालको अभियान अवधिभर वैध नागरिकता प्रमाणपत्र वा प्यान भएका १८ वर्ष वा सोभन्दा माथिका नेपाली नागरिकका लागि खुला छ।</li>
<li>एउटा नागरिकता नं. वा प्यानबाट एउटा मात्र पूर्व-दर्ता, र एउटा पूर्व-दर्तामा एउटा मात्र पुरस्कार पाइन्छ। एक पटक प्रयोग हुने कोडले प्रमाणित फोन नम्बरसहित मात्र पुरस्कार मान्य हुन्छ।</li>
<li>नगद छुट र खरिद कुपन पूर्व-दर्ता गर्ने ग्राहकको नाममा आधिकारिक डिलरबाट वैध बिलसहित किनिएको नयाँ एभरेस्ट मोटो मोटरसाइकलमा मात्र लागू हुन्छ।</li>
<li>कम्पनीले लिखित रूपमा नभनेसम्म पुरस्कार नगदमा साट्न, अरूलाई दिन वा अर्को अफरसँग जोड्न मिल्दैन।</li>
<li>पुरस्कारमा लाग्ने कर नेपालको कानुनबमोजिम कट्टा गरिन्छ।</li>
<li>बम्पर पुरस्कारका विजेताहरूको नाम, फोटो र भिडियो अभियानको वेबसाइट र सामाजिक सञ्जालमा प्रकाशित गर्न सकिन्छ।</li>
<li>झुटा वा दोहोरिएका दर्ता सूचना बिना रद्द गरिन्छन्। अभियानसम्बन्धी हरेक विषयमा कम्पनीको निर्णय अन्तिम हुनेछ, र सार्वजनिक सूचनासहित अभियान परिवर्तन वा अन्त्य गर्न सकिन्छ।</li>
</ol>`,
    policy_ne: `
<h2>गोपनीयता नीति</h2>
<p>अभियानका फारममा तपाईंले दिनुभएको नाम, ठेगाना, फोन नम्बर, इमेल, नागरिकता नं. वा प्यान, छानिएको मोडेल र शोरुम, र तपाईंले अपलोड गर्न रोज्नुभएको स्क्रिनसट हामी राख्छौं।</p>
<ul>
<li><strong>किन:</strong> तपाईंको फोन प्रमाणित गर्न, पुरस्कार चिठ्ठा चलाउन, शोरुममा छुट दिन र SMS बाट पुरस्कारबारे जानकारी दिन।</li>
<li><strong>कसले हेर्छ:</strong> हाम्रो केन्द्रीय कार्यालय र तपाईंले छान्नुभएको डिलर। हामी तपाईंको विवरण बेच्दैनौं। SMS नेपालको इजाजतप्राप्त SMS सेवाबाट पठाइन्छ।</li>
<li><strong>कहिलेसम्म:</strong> अभियान अवधि र कानुनले बिक्री अभिलेख राख्न तोकेको अवधिसम्म।</li>
<li><strong>तपाईंको अधिकार:</strong> आफ्नो विवरण हेर्न, सच्याउन वा मेटाउन जुनसुकै शोरुम वा सहयोग नम्बरमा सम्पर्क गर्नुहोस्।</li>
</ul>
<p>प्रश्न भए <a href="mailto:privacy@example.com">privacy@example.com</a> मा लेख्नुहोस्।</p>`,
  },
  bikeModels: [
    { title: 'Everest 110 City', title_ne: 'एभरेस्ट ११० सिटी', colour: '#1565c0', tagline: 'Light and frugal: made for city traffic.', tagline_ne: 'हल्का र किफायती: सहरको ट्राफिकका लागि बनेको।', price: 189900, from: true },
    { title: 'Everest 125 Street', title_ne: 'एभरेस्ट १२५ स्ट्रिट', colour: '#2e7d32', tagline: 'A comfortable seat and a smooth 125 cc engine.', tagline_ne: 'आरामदायी सिट र १२५ सीसीको सहज इन्जिन।', price: 229900, from: true },
    { title: 'Everest 150 Sport', title_ne: 'एभरेस्ट १५० स्पोर्ट', colour: '#c62828', tagline: 'Sharp looks, disc brakes at both ends.', tagline_ne: 'आकर्षक रूप, अगाडि र पछाडि दुवैमा डिस्क ब्रेक।', price: 289900, from: false },
    { title: 'Everest 160 Xtreme', title_ne: 'एभरेस्ट १६० एक्सट्रिम', colour: '#6a1b9a', tagline: 'The most power in the range, ABS as standard.', tagline_ne: 'शृङ्खलाकै सबैभन्दा शक्तिशाली, एबीएस सहित।', price: 334900, from: false },
    { title: 'Trail 200 Adventure', title_ne: 'ट्रेल २०० एडभेन्चर', colour: '#ef6c00', tagline: 'Long travel for hill roads and river crossings.', tagline_ne: 'पहाडी सडक र खोला तर्नका लागि लामो सस्पेन्सन।', price: 429900, from: true },
    { title: 'Scooty 125 Glide', title_ne: 'स्कुटी १२५ ग्लाइड', colour: '#00838f', tagline: 'Step through, store a helmet, glide to work.', tagline_ne: 'सजिलै चढ्नुहोस्, हेल्मेट राख्नुहोस्, काममा सहजै पुग्नुहोस्।', price: 209900, from: true },
  ],
  videos: [
    { title: 'Sita Gurung, Pokhara: Ten Lakhs winner', title_ne: 'सीता गुरुङ, पोखरा: दस लाखकी विजेता', url: 'https://www.example.com/videos/winner-sita-gurung', amount: 1000000, phone: '9856000001', citizenship_no: '45-01-75-00001', colour: '#b71c1c' },
    { title: 'Ramesh Thapa, Butwal: Fifty Thousand winner', title_ne: 'रमेश थापा, बुटवल: पचास हजारका विजेता', url: 'https://www.example.com/videos/winner-ramesh-thapa', amount: 50000, phone: '9857000002', citizenship_no: '49-02-76-00002', colour: '#1565c0' },
    { title: 'Anita Rai, Dharan: Fifty Thousand winner', title_ne: 'अनिता राई, धरान: पचास हजारकी विजेता', url: 'https://www.example.com/videos/winner-anita-rai', amount: 50000, phone: '9852000003', citizenship_no: '11-03-77-00003', colour: '#2e7d32' },
  ],
};
